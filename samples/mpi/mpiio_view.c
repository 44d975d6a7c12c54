/*
 * mpiio_view.c - MPI-IO whose file layout depends on more than bytes per call: a view with
 * holes, a file found in place, a file removed behind MPI's back. Into a directory of its own.
 *
 * Usage: mpiio_view [dir]      default: a new one under $TMPDIR or /tmp (removed at the end)
 *
 * With P ranks and B = 16:
 *   1. rank 0 writes in.dat, 100 bytes, with stdio (not MPI); every rank opens it read-only on
 *      MPI_COMM_WORLD and reads 200 bytes at 0 (MPI_File_read_at; ROMIO's collective read says
 *      it read what was asked where the ranks' requests overlap): each finds 100.
 *   2. view.dat, on MPI_COMM_WORLD: a view from displacement 64 whose filetype has holes: rank r's
 *      two blocks of B bytes at r x B and (P + r) x B in a tile of 2 x P x B bytes. Every rank
 *      writes 4 x B bytes at 0 (MPI_File_write_at_all): two tiles, so the file ends at
 *      64 + 4 x P x B (320 bytes at 4 ranks). After a sync, a byte view from 0, and every rank
 *      reads 1,000 bytes at 0 (MPI_File_read_at): each finds the whole file, and checks that
 *      its blocks hold its bytes.
 *   3. excl.dat, on MPI_COMM_WORLD, opened with MPI_MODE_EXCL and closed; rank 0 removes it with
 *      unlink (not MPI); opened with MPI_MODE_EXCL again (which fails if it is still there).
 * Rank 0 deletes the three files with MPI_File_delete.
 */
#define _POSIX_C_SOURCE 200809L
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define B 16
#define HEADER 64
#define INPUT 100

static void fail(const char *what, int rank)
{
    fprintf(stderr, "mpiio_view: rank %d: %s\n", rank, what);
    MPI_Abort(MPI_COMM_WORLD, 1);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    char dir[4096] = "";
    int made = 0;
    if (rank == 0) {
        if (argc > 1) {
            snprintf(dir, sizeof dir, "%s", argv[1]);
        } else {
            const char *t = getenv("TMPDIR");
            snprintf(dir, sizeof dir, "%s/mpiio_view-XXXXXX", t && *t ? t : "/tmp");
            if (!mkdtemp(dir)) fail("cannot make a directory", rank);
            made = 1;
        }
    }
    MPI_Bcast(dir, sizeof dir, MPI_CHAR, 0, MPI_COMM_WORLD);
    char input[4200], view[4200], excl[4200];
    snprintf(input, sizeof input, "%s/in.dat", dir);
    snprintf(view, sizeof view, "%s/view.dat", dir);
    snprintf(excl, sizeof excl, "%s/excl.dat", dir);
    MPI_File fh;
    MPI_Status st;
    int got;

    /* 1. A file found in place. */
    if (rank == 0) {
        FILE *f = fopen(input, "wb");
        char bytes[INPUT];
        memset(bytes, 'i', sizeof bytes);
        if (!f || fwrite(bytes, 1, sizeof bytes, f) != sizeof bytes || fclose(f) != 0)
            fail("cannot write in.dat", rank);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (MPI_File_open(MPI_COMM_WORLD, input, MPI_MODE_RDONLY, MPI_INFO_NULL, &fh) != MPI_SUCCESS)
        fail("cannot open in.dat", rank);
    char in[1000];
    MPI_File_read_at(fh, 0, in, 2 * INPUT, MPI_BYTE, &st);
    MPI_Get_count(&st, MPI_BYTE, &got);
    if (got != INPUT) fail("in.dat: read another size", rank);
    MPI_File_close(&fh);

    /* 2. A view with holes. */
    MPI_Datatype blocks, filetype;
    MPI_Aint at[2] = {(MPI_Aint) rank * B, (MPI_Aint) (size + rank) * B};
    MPI_Type_create_hindexed_block(2, B, at, MPI_BYTE, &blocks);
    MPI_Type_create_resized(blocks, 0, (MPI_Aint) 2 * size * B, &filetype);
    MPI_Type_commit(&filetype);
    if (MPI_File_open(MPI_COMM_WORLD, view, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh)
        != MPI_SUCCESS)
        fail("cannot open view.dat", rank);
    MPI_File_set_view(fh, HEADER, MPI_BYTE, filetype, "native", MPI_INFO_NULL);
    char out[4 * B];
    memset(out, 'a' + rank % 26, sizeof out);
    MPI_File_write_at_all(fh, 0, out, 4 * B, MPI_BYTE, &st);
    MPI_File_sync(fh);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_sync(fh);
    MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
    MPI_File_read_at(fh, 0, in, (int) sizeof in, MPI_BYTE, &st);
    MPI_Get_count(&st, MPI_BYTE, &got);
    if (got != HEADER + 4 * size * B) fail("view.dat: read another size", rank);
    for (int tile = 0; tile < 2; tile++)
        for (int k = 0; k < 2; k++)
            for (int i = 0; i < B; i++)
                if (in[HEADER + tile * 2 * size * B + (k * size + rank) * B + i] != out[0])
                    fail("view.dat: a block holds other bytes", rank);
    MPI_File_close(&fh);
    MPI_Type_free(&blocks);
    MPI_Type_free(&filetype);

    /* 3. A file removed behind MPI's back, then made again exclusively. */
    for (int round = 0; round < 2; round++) {
        if (MPI_File_open(MPI_COMM_WORLD, excl, MPI_MODE_CREATE | MPI_MODE_WRONLY | MPI_MODE_EXCL,
                          MPI_INFO_NULL, &fh) != MPI_SUCCESS)
            fail("cannot open excl.dat exclusively", rank);
        MPI_File_close(&fh);
        if (round == 0 && rank == 0) unlink(excl);
        MPI_Barrier(MPI_COMM_WORLD);
    }

    if (rank == 0) {
        MPI_File_delete(input, MPI_INFO_NULL);
        MPI_File_delete(view, MPI_INFO_NULL);
        MPI_File_delete(excl, MPI_INFO_NULL);
        if (made) rmdir(dir);
    }
    MPI_Finalize();
    return 0;
}

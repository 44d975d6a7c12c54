/*
 * mpiio.c - MPI-IO of every kind the tracer records, into a directory of its own.
 *
 * Usage: mpiio [iterations [dir]]      default: iterations=4, dir: a new one under $TMPDIR or /tmp
 *
 * Every rank opens one shared file on MPI_COMM_WORLD (rank 0 makes the directory, and removes the
 * file and the directory at the end) and sets a view whose displacement is its own block
 * (rank x iterations x 4 KiB, etype MPI_INT). Per iteration i, every rank
 *   writes 1 KiB ints at offset i x 1 KiB (MPI_File_write_at_all, collective), syncs,
 *   reads them back (MPI_File_read_at, independent),
 *   writes 1 KiB more with MPI_File_iwrite_at and MPI_Wait,
 *   writes 256 bytes through its individual pointer with MPI_File_iwrite, then MPI_Wait,
 *   writes 512 bytes with a split collective (MPI_File_write_all_begin / _end).
 * Then it syncs, sets a byte view after every block, writes (rank + 1) x 16 bytes through the shared pointer (MPI_File_write_shared),
 * reads them back in rank order (MPI_File_read_ordered), sets the size,
 * closes it; each rank writes and reads a file of its own on MPI_COMM_SELF; rank 0 deletes both
 * kinds of file. Every rank checks that what it read back is what it wrote.
 */
#define _POSIX_C_SOURCE 200809L
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BLOCK 1024 /* bytes */
#define INTS (BLOCK / (int) sizeof(int))

static void fail(const char *what, int rank)
{
    fprintf(stderr, "mpiio: rank %d: %s\n", rank, what);
    MPI_Abort(MPI_COMM_WORLD, 1);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int iters = argc > 1 ? atoi(argv[1]) : 4;
    if (iters < 1 || iters > 1000) fail("iterations must be 1 to 1000", rank);

    char dir[4096] = "";
    int made = 0;
    if (rank == 0) {
        if (argc > 2) {
            snprintf(dir, sizeof dir, "%s", argv[2]);
        } else {
            const char *t = getenv("TMPDIR");
            snprintf(dir, sizeof dir, "%s/mpiio-XXXXXX", t && *t ? t : "/tmp");
            if (!mkdtemp(dir)) fail("cannot make a directory", rank);
            made = 1;
        }
    }
    MPI_Bcast(dir, sizeof dir, MPI_CHAR, 0, MPI_COMM_WORLD);
    char shared[4200], own[4200];
    snprintf(shared, sizeof shared, "%s/shared.dat", dir);
    snprintf(own, sizeof own, "%s/own-%d.dat", dir, rank);

    MPI_File fh;
    if (MPI_File_open(MPI_COMM_WORLD, shared, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh)
        != MPI_SUCCESS)
        fail("cannot open the shared file", rank);
    /* Each rank's block: its view starts there; offsets are in ints from it. */
    MPI_Offset disp = (MPI_Offset) rank * iters * 4 * BLOCK;
    MPI_File_set_view(fh, disp, MPI_INT, MPI_INT, "native", MPI_INFO_NULL);
    int *out = malloc(BLOCK), *in = malloc(BLOCK);
    MPI_Status st;
    MPI_Request req;
    /* The individual pointer's writes go after the explicit ones, in the rank's block. */
    MPI_File_seek(fh, (MPI_Offset) 2 * iters * INTS, MPI_SEEK_SET);
    for (int i = 0; i < iters; i++) {
        for (int k = 0; k < INTS; k++) out[k] = rank * 100000 + i * 1000 + k;
        MPI_File_write_at_all(fh, (MPI_Offset) i * INTS, out, INTS, MPI_INT, &st);
        /* Open MPI 4.1's ompio (fcoll vulcan) read back stale data here at 3 and 4 ranks
         * without a sync between: MPI's sync-barrier-sync would be the portable way. */
        MPI_File_sync(fh);
        MPI_File_read_at(fh, (MPI_Offset) i * INTS, in, INTS, MPI_INT, &st);
        if (memcmp(in, out, BLOCK) != 0) fail("read back other data", rank);
        MPI_File_iwrite_at(fh, (MPI_Offset) (iters + i) * INTS, out, INTS, MPI_INT, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_File_iwrite(fh, out, 64, MPI_INT, &req);
        MPI_Wait(&req, &st);
        MPI_File_write_all_begin(fh, out, 128, MPI_INT);
        MPI_File_write_all_end(fh, out, &st);
    }
    MPI_File_sync(fh);
    /* The shared pointer: a byte view over the whole file, after every rank's block. */
    MPI_File_set_view(fh, (MPI_Offset) size * iters * 4 * BLOCK, MPI_BYTE, MPI_BYTE, "native",
                      MPI_INFO_NULL);
    char note[64 * 16];
    memset(note, 'a' + rank % 26, sizeof note);
    MPI_File_write_shared(fh, note, (rank + 1) * 16, MPI_BYTE, &st);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_seek_shared(fh, 0, MPI_SEEK_SET);
    char back[64 * 16];
    MPI_File_read_ordered(fh, back, (rank + 1) * 16, MPI_BYTE, &st);
    int got;
    MPI_Get_count(&st, MPI_BYTE, &got);
    if (got != (rank + 1) * 16) fail("read_ordered read another size", rank);
    MPI_File_set_size(fh, (MPI_Offset) size * iters * 4 * BLOCK + size * (size + 1) / 2 * 16);
    MPI_File_close(&fh);

    /* A file of the rank's own. */
    MPI_File mine;
    if (MPI_File_open(MPI_COMM_SELF, own, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &mine)
        != MPI_SUCCESS)
        fail("cannot open its own file", rank);
    MPI_File_write(mine, out, INTS, MPI_INT, &st);
    MPI_File_seek(mine, 0, MPI_SEEK_SET);
    MPI_File_read(mine, in, INTS, MPI_INT, &st);
    if (memcmp(in, out, BLOCK) != 0) fail("read its own file back wrong", rank);
    MPI_File_close(&mine);
    MPI_File_delete(own, MPI_INFO_NULL);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_File_delete(shared, MPI_INFO_NULL);
        if (made) rmdir(dir);
    }
    free(out);
    free(in);
    MPI_Finalize();
    return 0;
}

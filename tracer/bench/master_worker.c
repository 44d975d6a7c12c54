/* master_worker.c - rank 0 hands out tasks to workers on demand.
 * Usage: master_worker [tasks] [count]   defaults: tasks=200, count=32
 * Master: sends one task (tag 1, count ints) to every worker, then per result:
 *   MPI_Recv(MPI_ANY_SOURCE, tag 2) a result of count doubles, and sends the
 *   next task to that worker, or a stop message (tag 3, 0 ints) when none are left.
 * Worker: MPI_Recv from 0 with MPI_ANY_TAG; stops on tag 3; else computes a
 *   task-dependent amount of flops and sends the result back (tag 2).
 * Ends with MPI_Reduce of tasks done per rank, checked at rank 0. Needs >= 2 ranks. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int tasks = argc > 1 ? atoi(argv[1]) : 200;
    int count = argc > 2 ? atoi(argv[2]) : 32;
    int *task = calloc(count, sizeof(int));
    double *res = calloc(count, sizeof(double));
    int done = 0;
    if (size < 2) { if (rank == 0) fprintf(stderr, "needs >= 2 ranks\n"); MPI_Abort(MPI_COMM_WORLD, 2); }
    if (rank == 0) {
        int next = 0, outstanding = 0;
        for (int w = 1; w < size; w++) {
            if (next < tasks) { task[0] = next++; MPI_Send(task, count, MPI_INT, w, 1, MPI_COMM_WORLD); outstanding++; }
            else MPI_Send(task, 0, MPI_INT, w, 3, MPI_COMM_WORLD);
        }
        while (outstanding > 0) {
            MPI_Status st;
            MPI_Recv(res, count, MPI_DOUBLE, MPI_ANY_SOURCE, 2, MPI_COMM_WORLD, &st);
            outstanding--; done++;
            if (next < tasks) { task[0] = next++; MPI_Send(task, count, MPI_INT, st.MPI_SOURCE, 1, MPI_COMM_WORLD); outstanding++; }
            else MPI_Send(task, 0, MPI_INT, st.MPI_SOURCE, 3, MPI_COMM_WORLD);
        }
    } else {
        for (;;) {
            MPI_Status st;
            MPI_Recv(task, count, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            if (st.MPI_TAG == 3) break;
            int reps = 20 + 10 * (task[0] % 7);
            for (int i = 0; i < count; i++) res[i] = task[0];
            for (int r = 0; r < reps; r++)
                for (int i = 0; i < count; i++) res[i] = res[i] * 0.999 + 0.5;
            MPI_Send(res, count, MPI_DOUBLE, 0, 2, MPI_COMM_WORLD);
            done++;
        }
    }
    int total = 0, mine = rank == 0 ? 0 : done;
    MPI_Reduce(&mine, &total, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    int bad = rank == 0 && (total != tasks || done != tasks);
    if (rank == 0) printf("master_worker: %d ranks, %d tasks, %s\n", size, tasks, bad ? "FAILED" : "ok");
    free(task); free(res);
    MPI_Finalize();
    return bad;
}

/*
 * grequest.c - a generalized request: a request that the program completes itself.
 *
 * Usage: grequest [iterations] [polls]      defaults: iterations=5, polls=0
 * Any number of ranks n >= 1. iterations times: MPI_Grequest_start (callbacks that report an
 * empty status and free nothing) -> q; polls times MPI_Test(q), which finds it incomplete;
 * MPI_Grequest_complete(q); MPI_Wait(q); then an MPI_Barrier. benchgen's tracer cannot record such requests (nor the thread or callback that
 * completes them in real programs): `benchgen trace` refuses, naming generalized requests.
 * Issue 16: MPICH's greq_wait, whose second thread completes the requests, was traced with exit
 * 0 and a wrong trace (a wait missing, waits on NULL); its greq_test, which polls, then wrote
 * 2 GB of refused stream in 9 s, where the tracer now records 1 MB after what it cannot trace.
 */
#include <mpi.h>
#include <stdlib.h>

static int query(void *state, MPI_Status *status)
{
    (void) state;
    MPI_Status_set_elements(status, MPI_BYTE, 0);
    MPI_Status_set_cancelled(status, 0);
    status->MPI_SOURCE = MPI_UNDEFINED;
    status->MPI_TAG = MPI_UNDEFINED;
    return MPI_SUCCESS;
}

static int release(void *state)
{
    (void) state;
    return MPI_SUCCESS;
}

static int cancel(void *state, int complete)
{
    (void) state;
    (void) complete;
    return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int iterations = argc > 1 ? atoi(argv[1]) : 5;
    long polls = argc > 2 ? atol(argv[2]) : 0;
    for (int i = 0; i < iterations; i++) {
        MPI_Request q;
        MPI_Grequest_start(query, release, cancel, NULL, &q);
        for (long p = 0; p < polls; p++) {
            int done;
            MPI_Test(&q, &done, MPI_STATUS_IGNORE);
        }
        MPI_Grequest_complete(q);
        MPI_Wait(&q, MPI_STATUS_IGNORE);
        MPI_Barrier(MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}

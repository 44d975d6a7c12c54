/* bg_runtime.h: the run-time library of the MPI benchmarks that benchgen generates (C+MPI target).
 * `benchgen generate --lang c-mpi` writes it, with its sources bg_runtime*.c, beside every
 * benchmark; it is the same for every trace. C99, no dependency beyond MPI-3 (a benchmark needs
 * MPI-4 where the traced program made MPI-4's calls).
 *
 * What a benchmark needs besides its MPI calls: requests named by age as the trace names them,
 * communicators by slot, peers relative to the rank, compute by busy-waiting, compute times drawn
 * from histograms, command-line arguments and the closing report.
 *
 * Every function is out of line, in the sources: a call costs a few nanoseconds where the MPI
 * call beside it costs hundreds and compute intervals are 1 us or more, so the header stays a
 * plain interface (docs/codegen.md gives the timings).
 */
#ifndef BG_RUNTIME_H
#define BG_RUNTIME_H

#include <limits.h>
#include <mpi.h>
#include <stddef.h>

/* State that each thread of a benchmark keeps for itself (requests, probed messages, scratch
 * lists, the compute scale and debt, the sampling generator): a benchmark of a traced run whose
 * ranks called MPI from several threads runs each traced thread as a thread of its own
 * (bg_runtime_threads.h). SimGrid's smpicc runs ranks as threads of one process and privatises
 * globals itself. */
#if defined(BENCHGEN_SMPI)
#define BG_TLS
#else
#define BG_TLS __thread
#endif

/* A program that makes MPI-4's large-count calls (MPI_Send_c, ...) says so (BG_LARGE_COUNT): an MPI
 * library without them (Open MPI 4.1) cannot build it. */
#if defined(BG_LARGE_COUNT) && MPI_VERSION < 4
#error "this benchmark makes MPI-4 large-count calls (MPI_Send_c, ...), which this MPI library lacks: build it with an MPI-4 library (MPICH 4: make MPICC=mpicc.mpich)"
#endif

/* MPI-4's persistent collectives (MPI_Allreduce_init, ...), where the program has them: Open MPI
 * 4.1 has them as MPIX_ (its pcollreq extension, same arguments), under which the tracer records
 * them by their MPI-4 names; Open MPI 5 has the MPI-4 names, though it says MPI_VERSION 3. */
#if MPI_VERSION < 4 && defined(OPEN_MPI) && OMPI_MAJOR_VERSION < 5
#include <mpi-ext.h>
#if defined(OMPI_HAVE_MPI_EXT_PCOLLREQ) && OMPI_HAVE_MPI_EXT_PCOLLREQ
#define MPI_Barrier_init MPIX_Barrier_init
#define MPI_Bcast_init MPIX_Bcast_init
#define MPI_Reduce_init MPIX_Reduce_init
#define MPI_Allreduce_init MPIX_Allreduce_init
#define MPI_Scan_init MPIX_Scan_init
#define MPI_Exscan_init MPIX_Exscan_init
#define MPI_Reduce_scatter_block_init MPIX_Reduce_scatter_block_init
#define MPI_Reduce_scatter_init MPIX_Reduce_scatter_init
#define MPI_Gather_init MPIX_Gather_init
#define MPI_Gatherv_init MPIX_Gatherv_init
#define MPI_Scatter_init MPIX_Scatter_init
#define MPI_Scatterv_init MPIX_Scatterv_init
#define MPI_Allgather_init MPIX_Allgather_init
#define MPI_Allgatherv_init MPIX_Allgatherv_init
#define MPI_Alltoall_init MPIX_Alltoall_init
#define MPI_Alltoallv_init MPIX_Alltoallv_init
#define MPI_Alltoallw_init MPIX_Alltoallw_init
#define MPI_Neighbor_allgather_init MPIX_Neighbor_allgather_init
#define MPI_Neighbor_allgatherv_init MPIX_Neighbor_allgatherv_init
#define MPI_Neighbor_alltoall_init MPIX_Neighbor_alltoall_init
#define MPI_Neighbor_alltoallv_init MPIX_Neighbor_alltoallv_init
#define MPI_Neighbor_alltoallw_init MPIX_Neighbor_alltoallw_init
#endif
#endif

/* Sentinels for MPI constants inside tables of numbers (MPI's own values vary by library). */
#define BG_PROC_NULL (INT_MIN + 1)
#define BG_ANY_SOURCE (INT_MIN + 2)
#define BG_ANY_TAG (INT_MIN + 3)
#define BG_UNDEFINED (INT_MIN + 4)
#define BG_NULL (INT_MIN + 5)
#define BG_ROOT (INT_MIN + 6)

/* Start-up and end. */

/* Reads --compute-scale X and --compute-scale LN=X (loop region N of 1..regions); returns -1 to go
 * on, else the exit status. ranks: the traced number, for the usage message. */
int bg_args(int argc, char **argv, const char *name, int ranks, int regions);

/* Makes comms communicator slots (0: the world) and the send and receive buffers; bsend: attach
 * a buffer for MPI_Bsend. */
void bg_setup(int comms, long long send, long long recv, int bsend);

/* Starts the traced calls: the ranks start together (PMPI_Barrier); the time spent since MPI_Init
 * returned is a debt that the first compute intervals pay. Returns the start time. */
double bg_begin(void);

/* Completes what the trace completed earlier than this run did, then rank 0 reports. */
void bg_finish(double wall, const char *name);

/* Seconds on a monotonic clock. */
double bg_now(void);

/* realloc, or the benchmark stops saying it is out of memory. */
void *bg_grow(void *p, size_t bytes);

/* Busy-waits us microseconds times the compute scale: the traced compute between two calls.
 * An interval that overruns (the rank was descheduled) is paid back by the next ones (bg_pay). */
void bg_compute(double us);
/* How long to compute for an interval of want seconds when earlier intervals overran by *debt
 * seconds: the interval pays the debt first (all of it, or as much as it lasts); *debt is left
 * with what remains. bg_compute adds each overrun to the debt. */
double bg_pay(double want, double *debt);

/* Around each loop of the program, its region number: inside it (and the loops inside it that
 * have no factor of their own), compute is scaled by --compute-scale LN=X where given. */
void bg_region_push(int region);
void bg_region_pop(void);

/* Buffers: one for everything sent, one for everything received, sized for the largest call. */
extern char *bg_sbuf, *bg_rbuf;

/* Communicators by slot: 0 is the world; each creating call has its slot. */
typedef struct { MPI_Comm c; int rank, size; } bg_slot;
extern bg_slot *bg_comm;

/* Looks up slot s's rank and size after its communicator was made (-1 and 0 if none). */
void bg_comm_ready(int s);

/* Slot s holds a duplicate of slot parent's communicator, not usable until its MPI_Comm_idup
 * completes: the same rank and size. */
void bg_comm_like(int s, int parent);

/* A communicator of these world ranks ({n, r1, ..., rn}) that no traced call created. */
void bg_comm_members(int s, const int *members);

/* MPI_Comm_create of the group of these world ranks ({n, r1, ..., rn}; n = 0: the empty group)
 * that are in the parent's local group (an intercommunicator's list names both groups). */
void bg_comm_create(int parent, const int *members, int s);

/* MPI_Comm_create_group of slot parent's communicator for the group of these world ranks
 * ({n, r1, ..., rn}, n >= 1), made by its members only, into slot s. */
void bg_comm_create_group(int parent, const int *members, int tag, int s);
/* MPI-4's MPI_Comm_create_from_group of these world ranks ({n, r1, ..., rn}) into slot s; before
 * MPI-4, PMPI_Comm_create_group on the world (the benchmark runs under either). */
void bg_comm_from_group(const int *members, int s);

/* MPI-4's MPI_Intercomm_create_from_groups of two groups of world ranks (lists; this rank's local
 * group is the one that holds it) with the traced leaders (ranks in their groups) into slot s;
 * before MPI-4, made by PMPI_Comm_create_group and PMPI_Intercomm_create on the world. */
void bg_intercomm_from_groups(const int *first, const int *second, int leader, int rleader,
                              int s);

/* Communicator slot s from a call whose group depends on the machine or on arguments that were
 * not traced (kind: BG_SPLIT_TYPE, BG_GRAPH of nnodes nodes, BG_DIST_GRAPH,
 * BG_DIST_GRAPH_ADJACENT): the call is made, with arguments that give the traced group where they
 * can (not reordered) and the traced neighbours of this rank (lists sources and dests, in MPI's
 * order; a graph's are dests, gathered from every rank into its edges; empty lists make a graph
 * without edges), and where its group is not the traced one (members, a list; empty where this
 * rank gets MPI_COMM_NULL), the traced group is made instead. A distributed graph whose
 * neighbours come out in another order is made again by MPI_Dist_graph_create_adjacent, unseen
 * by a tracer, so that neighbourhood collectives meet the traced neighbours. */
enum { BG_SPLIT_TYPE, BG_GRAPH, BG_DIST_GRAPH, BG_DIST_GRAPH_ADJACENT };
/* MPI_Comm_idup_with_info(parent, MPI_INFO_NULL) into slot s, completed by req; MPI_Comm_idup,
 * which makes the same communicator, where the library is older than MPI-4. */
void bg_comm_idup_info(int parent, int s, MPI_Request *req);
void bg_comm_remade(int kind, int parent, int nnodes, const int *members, const int *sources,
                    const int *dests, int s);

/* Values. */

/* The MPI constant a sentinel stands for, or v itself. */
int bg_sym(int v);

/* The rank off places after this one in communicator slot s (or an MPI constant). */
int bg_rel(int s, int off);

/* bytes in elements of size bytes, rounded up: 64-bit, as a large-count call passes it. */
long long bg_ceil(long long bytes, long long size);

/* Matched probes (bg_runtime_comm.c): messages probed and not received yet, in probe order.
 * bg_msg_new gives a handle for MPI_Mprobe or MPI_Improbe to set, the newest; bg_msg_take the
 * handle of age age (0: the newest), removed from the list, for MPI_Mrecv or MPI_Imrecv.
 * bg_improbe is MPI_Improbe as traced: found, it takes the message (waiting for it by PMPI_Probe,
 * unseen, first, and looking again under a lock that the rank's other threads' bg_improbe take,
 * so that none takes it in between); not found, it probes a communicator of its own on which
 * nothing is sent. */
MPI_Message *bg_msg_new(void);
MPI_Message *bg_msg_take(int age);
void bg_improbe(int source, int tag, MPI_Comm comm, int found);

/* Quiet requests (bg_runtime_comm.c): the k-th of receives made unseen on a communicator on which
 * nothing is sent, so that they never complete. A test is called with them in place of the
 * requests that the trace says it did not complete. bg_quiet_end cancels them. */
MPI_Request bg_quiet_request(int k);
void bg_quiet_end(void);

/* MPI_Buffer_attach of a new buffer of bytes bytes (the traced program's own, in place of the one
 * bg_setup would attach); MPI_Buffer_detach of it, which is then freed. */
void bg_buffer_attach(long long bytes);
void bg_buffer_detach(void);
#if MPI_VERSION >= 4
/* The same by MPI_Buffer_attach_c and MPI_Buffer_detach_c (a size of MPI_Count). */
void bg_buffer_attach_c(long long bytes);
void bg_buffer_detach_c(void);
#endif

/* bg_runtime_lists.c. */

/* Displacements for a list of counts ({n, c1, ..., cn}): their prefix sums, in scratch array
 * which (0 or 1). */
const int *bg_displs(int which, const int *counts);

/* A list of counts ({n, c1, ..., cn}) with every count times size, in scratch array which (0 or
 * 1): a derived datatype's counts as bytes, where its size changes between executions. */
const int *bg_scaled(int which, const int *counts, long long size);

/* MPI_BYTE for every peer of a list of counts ({n, c1, ..., cn}): MPI_Alltoallw's datatypes, its
 * counts being bytes. An array outgrown is kept, never freed, for a nonblocking call may hold it. */
const MPI_Datatype *bg_byte_types(const int *counts);

/* Fills table (n numbers) from its codes, characters in chunks of chunk each: a character c
 * stands for values[c - first]. A long table of few distinct numbers is written so. */
void bg_decode(int *table, const char *const *codes, const int *values, int n, int chunk,
               int first);

/* bg_displs as MPI_Aint (MPI_Neighbor_alltoallw's displacements). */
const MPI_Aint *bg_aint_displs(int which, const int *counts);

/* Kept lists: copies that stay as long as the program, for the lists of a nonblocking or
 * persistent collective, which MPI may read until its request completes (or is freed), where the
 * scratch arrays above change at the next call. Copies are shared by content, so that a loop
 * keeps one. bg_kept_items: the items of a list ({n, c1, ..., cn}); bg_kept_displs and
 * bg_kept_aint_displs: its displacements, as bg_displs and bg_aint_displs give them. */
const int *bg_kept_items(const int *list);
const int *bg_kept_displs(const int *list);
const MPI_Aint *bg_kept_aint_displs(const int *list);

/* The lists of the large-count calls (MPI_Alltoallv_c, ...): lists of MPI_Counts ({n, c1, ...,
 * cn}), displacements of MPI_Aint, as bg_displs, bg_scaled, bg_byte_types, bg_kept_items and
 * bg_kept_displs give them for lists of ints. */
const MPI_Aint *bg_displs_c(int which, const MPI_Count *counts);
const MPI_Count *bg_scaled_c(int which, const MPI_Count *counts, long long size);
const MPI_Datatype *bg_byte_types_c(const MPI_Count *counts);
const MPI_Count *bg_kept_items_c(const MPI_Count *list);
const MPI_Aint *bg_kept_displs_c(const MPI_Count *list);

/* Requests (bg_runtime_requests.c): live ones in creation order, named as the trace names them,
 * by age (0 = the newest). Lists of ages are {n, age...}; BG_NULL stands for MPI_REQUEST_NULL. */

/* Their end, by PMPI (unseen): the requests left for a later MPI_Waitall waited for, the quiet
 * requests cancelled. bg_finish calls it. */
void bg_requests_end(void);

/* A new live request (persistent: stays live when completed, until MPI_Request_free). */
MPI_Request *bg_req_new(int persistent);

/* The live request of this age. */
MPI_Request *bg_req_at(int age);

void bg_wait(int age);
void bg_waitall(const int *ages);
/* The same, the items listed as BG_NULL given (requests another thread handed over, or
 * MPI_REQUEST_NULL); given NULL: none. */
void bg_waitall_given(const int *ages, const MPI_Request *given);

/* The other completions, on the traced requests; done: the ones the trace completed. */
enum { BG_WAITANY, BG_WAITSOME, BG_TEST, BG_TESTALL, BG_TESTANY, BG_TESTSOME };
void bg_complete(int kind, const int *reqs, const int *done);

void bg_startall(const int *ages);
void bg_request_free(int age);

/* Compute times drawn from the traced histograms (--compute sample). */

/* A histogram of compute time, ns: bins are {log2, count} pairs, count values in
 * [2^(log2-1), 2^log2); scale makes the draws' expectation the histogram's mean. */
typedef struct { long long min, max; int nbins; const long long *bins; double scale; } bg_hist;

/* The generator's state (xorshift64*): the benchmark seeds it per rank, for repeatable draws. */
extern BG_TLS unsigned long long bg_rng;

/* A time in microseconds: a bin drawn by its count, then a point within it. */
double bg_sample(const bg_hist *h);

/* One-sided communication (bg_runtime_rma.c, issue 46): windows by slot, as the trace numbers
 * them on each rank (the lowest slot no live window holds), made with the traced size (bytes)
 * and displacement unit; a window of MPI_Win_create gets memory of its own, zeroed. */
enum { BG_WIN_CREATE, BG_WIN_ALLOCATE, BG_WIN_ALLOCATE_SHARED, BG_WIN_CREATE_DYNAMIC };
void bg_win_create(int kind, long long slot, long long size, long long unit, MPI_Comm comm);
MPI_Win bg_win(long long slot);
void bg_win_free(long long slot);
/* A dynamic window's region of `size` bytes, attached; detach takes the oldest one attached. */
void bg_win_attach(long long slot, long long size);
void bg_win_detach(long long slot);
void bg_win_lock(long long slot, int target, long long excl);
/* An operation's target displacement on window `slot`: `disp` as traced, but on a dynamic window
 * (made with a size: its operations' largest target bytes) the start of the region the run-time
 * library attached to it on `target` for the operations (the traced one is an address in the
 * traced program's memory). */
MPI_Aint bg_win_disp(long long slot, int target, long long disp);
/* MPI_Win_post and MPI_Win_start of the group of these world ranks (a list: its length first). */
void bg_win_post(long long slot, const int *group);
void bg_win_start(long long slot, const int *group);
/* MPI_Win_test, which ends as the traced one did (`traced`: its flag). */
void bg_win_test(long long slot, long long traced);

/* MPI-IO (bg_runtime_io.c): the scratch directory (--io-dir, bg_io_dir_arg; else one of the
 * benchmark's own, removed by bg_io_end, which bg_finish calls), files by slot, views as bytes,
 * offsets in bytes from the file's start; bg_iobuf holds the largest read or write. */
extern const char *bg_io_dir_arg;
extern char *bg_iobuf;
void bg_io_setup(long long bytes);
void bg_io_end(void);
void bg_file_open(MPI_Comm comm, int slot, int name, int mode, long long found);
MPI_File bg_file(int slot);
void bg_file_close(int slot);
void bg_file_delete(int name);
void bg_file_view(int slot, long long disp);
void bg_file_layout(int slot, long long disp, long long lb, long long extent, long long size,
    const MPI_Count *runs);
MPI_Datatype bg_io_bytes(long long bytes);
MPI_Offset bg_file_at(int slot, long long offset);
void bg_file_seek(int slot, long long offset, int shared);

#endif

/* benchgen tracer, C bindings: completion calls (Wait*, Test*), Start(all) and Request_free. The
 * handles go to the core before the call, since MPI overwrites those of the requests that complete
 * (rec_completion.c); wrap_f_completion.c is the Fortran twin. */
#include "wrap_c.h"

int MPI_Wait(MPI_Request *req, MPI_Status *st) {
  ENTER;
  STATUS(st);
  if (c_.on) bgt_reqs_before(&c_, 1, req);
  int rc = PMPI_Wait(req, sp_);
  if (c_.on) bgt_rec_wait(&c_, BGT_WAIT, 1, sp_);
  LEAVE;
  return rc;
}

int MPI_Waitall(int n, MPI_Request reqs[], MPI_Status sts[]) {
  ENTER;
  STATUSES(sts, n);
  if (c_.on) bgt_reqs_before(&c_, n, reqs);
  int rc = PMPI_Waitall(n, reqs, sts_);
  if (c_.on) bgt_rec_wait(&c_, BGT_WAITALL, 1, sts_);
  LEAVE;
  return rc;
}

int MPI_Waitany(int n, MPI_Request reqs[], int *index, MPI_Status *st) {
  ENTER;
  STATUS(st);
  if (c_.on) bgt_reqs_before(&c_, n, reqs);
  int rc = PMPI_Waitany(n, reqs, index, sp_);
  if (c_.on) bgt_rec_waitany(&c_, BGT_WAITANY, 1, *index, sp_);
  LEAVE;
  return rc;
}

int MPI_Waitsome(int n, MPI_Request reqs[], int *outcount, int indices[], MPI_Status sts[]) {
  ENTER;
  STATUSES(sts, n);
  if (c_.on) bgt_reqs_before(&c_, n, reqs);
  int rc = PMPI_Waitsome(n, reqs, outcount, indices, sts_);
  if (c_.on) bgt_rec_waitsome(&c_, BGT_WAITSOME, *outcount, indices, sts_);
  LEAVE;
  return rc;
}

int MPI_Test(MPI_Request *req, int *flag, MPI_Status *st) {
  ENTER;
  STATUS(st);
  if (c_.on) bgt_reqs_before(&c_, 1, req);
  int rc = PMPI_Test(req, flag, sp_);
  if (c_.on) bgt_rec_wait(&c_, BGT_TEST, *flag, sp_);
  LEAVE;
  return rc;
}

int MPI_Testall(int n, MPI_Request reqs[], int *flag, MPI_Status sts[]) {
  ENTER;
  STATUSES(sts, n);
  if (c_.on) bgt_reqs_before(&c_, n, reqs);
  int rc = PMPI_Testall(n, reqs, flag, sts_);
  if (c_.on) bgt_rec_wait(&c_, BGT_TESTALL, *flag, sts_);
  LEAVE;
  return rc;
}

int MPI_Testany(int n, MPI_Request reqs[], int *index, int *flag, MPI_Status *st) {
  ENTER;
  STATUS(st);
  if (c_.on) bgt_reqs_before(&c_, n, reqs);
  int rc = PMPI_Testany(n, reqs, index, flag, sp_);
  if (c_.on) bgt_rec_waitany(&c_, BGT_TESTANY, *flag, *index, sp_);
  LEAVE;
  return rc;
}

int MPI_Testsome(int n, MPI_Request reqs[], int *outcount, int indices[], MPI_Status sts[]) {
  ENTER;
  STATUSES(sts, n);
  if (c_.on) bgt_reqs_before(&c_, n, reqs);
  int rc = PMPI_Testsome(n, reqs, outcount, indices, sts_);
  if (c_.on) bgt_rec_waitsome(&c_, BGT_TESTSOME, *outcount, indices, sts_);
  LEAVE;
  return rc;
}

int MPI_Start(MPI_Request *req) {
  ENTER;
  if (c_.on) bgt_reqs_before(&c_, 1, req);
  int rc = PMPI_Start(req);
  bgt_rec_start(&c_, BGT_START, req);
  LEAVE;
  return rc;
}

int MPI_Startall(int n, MPI_Request reqs[]) {
  ENTER;
  if (c_.on) bgt_reqs_before(&c_, n, reqs);
  int rc = PMPI_Startall(n, reqs);
  bgt_rec_start(&c_, BGT_STARTALL, reqs);
  LEAVE;
  return rc;
}

int MPI_Request_free(MPI_Request *req) {
  ENTER;
  if (c_.on) bgt_reqs_before(&c_, 1, req);
  int rc = PMPI_Request_free(req);
  bgt_rec_request_free(&c_);
  LEAVE;
  return rc;
}

/* Not recorded: the stream says that the program makes requests it completes itself (their waits
 * and the thread that completes them would be missing from the trace). */
int MPI_Grequest_start(MPI_Grequest_query_function *query_fn, MPI_Grequest_free_function *free_fn,
                       MPI_Grequest_cancel_function *cancel_fn, void *extra_state,
                       MPI_Request *request) {
  ENTER;
  if (c_.on) bgt_unsupported(&c_, U_GREQUEST);
  int rc = PMPI_Grequest_start(query_fn, free_fn, cancel_fn, extra_state, request);
  LEAVE;
  return rc;
}

/* Whether the request was cancelled is recorded when it completes (rec_completion.c). */
int MPI_Cancel(MPI_Request *req) {
  ENTER;
  if (c_.on) bgt_reqs_before(&c_, 1, req);
  int rc = PMPI_Cancel(req);
  bgt_rec_cancel(&c_);
  LEAVE;
  return rc;
}

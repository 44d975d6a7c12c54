/* benchgen tracer, Fortran bindings: completion calls (WAIT*, TEST*), START(ALL) and
 * REQUEST_FREE; the twin of wrap_c_completion.c. Request arrays are converted to C before the call,
 * since MPI overwrites the handles of the requests that complete. */
#include "wrap_f.h"

void mpi_wait_(fint *req, fint *st, fint *ierr) {
  ENTER;
  FSTATUS(st);
  if (c_.on) bgt_reqs_before(&c_, 1, creqs(1, req));
  CALL(wait, req, fsp_, ierr);
  if (c_.on) bgt_rec_wait(&c_, BGT_WAIT, 1, CSTATUS);
  LEAVE;
}
ALIASES(wait, WAIT)

void mpi_waitall_(fint *n, fint *reqs, fint *sts, fint *ierr) {
  ENTER;
  FSTATUSES(sts, *n);
  if (c_.on) bgt_reqs_before(&c_, *n, creqs(*n, reqs));
  CALL(waitall, n, reqs, fst_, ierr);
  if (c_.on) bgt_rec_wait(&c_, BGT_WAITALL, 1, cstatuses(fst_, *n));
  LEAVE;
}
ALIASES(waitall, WAITALL)

void mpi_waitany_(fint *n, fint *reqs, fint *index, fint *st, fint *ierr) {
  ENTER;
  FSTATUS(st);
  if (c_.on) bgt_reqs_before(&c_, *n, creqs(*n, reqs));
  CALL(waitany, n, reqs, index, fsp_, ierr);
  if (c_.on) bgt_rec_waitany(&c_, BGT_WAITANY, 1, findex(*index, *n), CSTATUS);
  LEAVE;
}
ALIASES(waitany, WAITANY)

void mpi_waitsome_(fint *n, fint *reqs, fint *outcount, fint *indices, fint *sts, fint *ierr) {
  ENTER;
  FSTATUSES(sts, *n);
  if (c_.on) bgt_reqs_before(&c_, *n, creqs(*n, reqs));
  CALL(waitsome, n, reqs, outcount, indices, fst_, ierr);
  if (c_.on)
    bgt_rec_waitsome(&c_, BGT_WAITSOME, *outcount, cindices(indices, *outcount),
                     cstatuses(fst_, *outcount));
  LEAVE;
}
ALIASES(waitsome, WAITSOME)

void mpi_test_(fint *req, fint *flag, fint *st, fint *ierr) {
  ENTER;
  FSTATUS(st);
  if (c_.on) bgt_reqs_before(&c_, 1, creqs(1, req));
  CALL(test, req, flag, fsp_, ierr);
  if (c_.on) bgt_rec_wait(&c_, BGT_TEST, *flag != 0, CSTATUS);
  LEAVE;
}
ALIASES(test, TEST)

void mpi_testall_(fint *n, fint *reqs, fint *flag, fint *sts, fint *ierr) {
  ENTER;
  FSTATUSES(sts, *n);
  if (c_.on) bgt_reqs_before(&c_, *n, creqs(*n, reqs));
  CALL(testall, n, reqs, flag, fst_, ierr);
  if (c_.on) bgt_rec_wait(&c_, BGT_TESTALL, *flag != 0, cstatuses(fst_, *flag != 0 ? *n : 0));
  LEAVE;
}
ALIASES(testall, TESTALL)

void mpi_testany_(fint *n, fint *reqs, fint *index, fint *flag, fint *st, fint *ierr) {
  ENTER;
  FSTATUS(st);
  if (c_.on) bgt_reqs_before(&c_, *n, creqs(*n, reqs));
  CALL(testany, n, reqs, index, flag, fsp_, ierr);
  if (c_.on) bgt_rec_waitany(&c_, BGT_TESTANY, *flag != 0, findex(*index, *n), CSTATUS);
  LEAVE;
}
ALIASES(testany, TESTANY)

void mpi_testsome_(fint *n, fint *reqs, fint *outcount, fint *indices, fint *sts, fint *ierr) {
  ENTER;
  FSTATUSES(sts, *n);
  if (c_.on) bgt_reqs_before(&c_, *n, creqs(*n, reqs));
  CALL(testsome, n, reqs, outcount, indices, fst_, ierr);
  if (c_.on)
    bgt_rec_waitsome(&c_, BGT_TESTSOME, *outcount, cindices(indices, *outcount),
                     cstatuses(fst_, *outcount));
  LEAVE;
}
ALIASES(testsome, TESTSOME)

void mpi_start_(fint *req, fint *ierr) {
  ENTER;
  if (c_.on) bgt_reqs_before(&c_, 1, creqs(1, req));
  CALL(start, req, ierr);
  if (c_.on) bgt_rec_start(&c_, BGT_START, creqs(1, req));
  LEAVE;
}
ALIASES(start, START)

void mpi_startall_(fint *n, fint *reqs, fint *ierr) {
  ENTER;
  if (c_.on) bgt_reqs_before(&c_, *n, creqs(*n, reqs));
  CALL(startall, n, reqs, ierr);
  if (c_.on) bgt_rec_start(&c_, BGT_STARTALL, creqs(*n, reqs));
  LEAVE;
}
ALIASES(startall, STARTALL)

void mpi_request_free_(fint *req, fint *ierr) {
  ENTER;
  if (c_.on) bgt_reqs_before(&c_, 1, creqs(1, req));
  CALL(request_free, req, ierr);
  bgt_rec_request_free(&c_);
  LEAVE;
}
ALIASES(request_free, REQUEST_FREE)

/* Not recorded (wrap_c_completion.c): the callbacks and the state pass through as they are. */
void mpi_grequest_start_(void *query_fn, void *free_fn, void *cancel_fn, void *extra_state,
                         fint *request, fint *ierr) {
  ENTER;
  if (c_.on) bgt_unsupported(&c_, U_GREQUEST);
  CALL(grequest_start, query_fn, free_fn, cancel_fn, extra_state, request, ierr);
  LEAVE;
}
ALIASES(grequest_start, GREQUEST_START)

void mpi_cancel_(fint *req, fint *ierr) {
  ENTER;
  if (c_.on) bgt_reqs_before(&c_, 1, creqs(1, req));
  CALL(cancel, req, ierr);
  bgt_rec_cancel(&c_);
  LEAVE;
}
ALIASES(cancel, CANCEL)

/* benchgen tracer: what the format records for calls that involve no other rank but shape what
 * a benchmark does: MPI_Reduce_local's reduction, the Bsend buffer's size. */
#include "core.h"

void bgt_rec_reduce_local(bgt_call *c, MPI_Count count, MPI_Datatype type, MPI_Op op) {
  RECORDING(c);
  begin_event(c, BGT_REDUCE_LOCAL);
  put_type(F_COUNT, F_TYPE, F_TSIZE, count, type);
  put(F_OP, op_name(op));
  end_record();
}

void bgt_rec_buffer(bgt_call *c, int op, MPI_Count size) {
  RECORDING(c);
  begin_event(c, op);
  put(F_BYTES, size);
  end_record();
}

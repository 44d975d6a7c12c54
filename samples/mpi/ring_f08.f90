! ring_f08.f90 - a ring in Fortran with the mpi_f08 bindings (`use mpi_f08`): handles as
! TYPE(MPI_Comm), TYPE(MPI_Request), TYPE(MPI_Status), ierror left out, MPI_STATUS(ES)_IGNORE and
! MPI_IN_PLACE as mpi_f08 defines them.
!
! Usage: ring_f08 [iterations] [count]      defaults: iterations=10, count=1024
!
! Per iteration, every rank r of n, on MPI_COMM_WORLD (left = mod(r-1+n, n), right = mod(r+1, n)):
!   MPI_Irecv    count MPI_DOUBLE_PRECISIONs from left, tag 0
!   MPI_Isend    count MPI_DOUBLE_PRECISIONs to right, tag 0
!   MPI_Waitall  on both, with MPI_STATUSES_IGNORE
!   MPI_Sendrecv count MPI_DOUBLE_PRECISIONs to right and from left, tag 1, MPI_STATUS_IGNORE
!   MPI_Allreduce of 1 MPI_DOUBLE_PRECISION (MPI_SUM): the sum of all ranks, checked.
! Then, once:
!   MPI_Isend    8 MPI_INTEGERs to right, tag 2 (with ierror)
!   MPI_Recv     8 MPI_INTEGERs from MPI_ANY_SOURCE, tag 2, a status whose source is checked
!   MPI_Wait     on the send, MPI_STATUS_IGNORE
!   MPI_Irecv    8 MPI_INTEGERs from left, tag 3; MPI_Isend 8 MPI_INTEGERs to right, tag 3;
!   MPI_Waitany  twice on the two
!   MPI_Allgather in place: 2 MPI_INTEGERs a rank (the count and type MPI ignores are 0 and
!                MPI_DATATYPE_NULL), checked
!   MPI_Comm_split by the parity of r; MPI_Bcast of 4 MPI_INTEGERs from its rank 0; MPI_Comm_free
! Works with any number of ranks.
program ring_f08
  use mpi_f08
  implicit none
  integer :: rank, nprocs, left, right, iterations, count, i, k, errors, ierr
  integer :: ints(8), got(8), all(2, 0:255), four(4), idx
  double precision, allocatable :: sendbuf(:), recvbuf(:), back(:)
  double precision :: mine, total
  type(MPI_Request) :: req(2)
  type(MPI_Status) :: st
  type(MPI_Comm) :: half
  character(len=32) :: arg

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, nprocs)
  iterations = 10
  count = 1024
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) iterations
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    read (arg, *) count
  end if
  if (nprocs > 256) call MPI_Abort(MPI_COMM_WORLD, 2)
  left = mod(rank - 1 + nprocs, nprocs)
  right = mod(rank + 1, nprocs)
  allocate (sendbuf(count), recvbuf(count), back(count))
  errors = 0
  do i = 1, iterations
    do k = 1, count
      sendbuf(k) = rank * 1000 + i + k
    end do
    call MPI_Irecv(recvbuf, count, MPI_DOUBLE_PRECISION, left, 0, MPI_COMM_WORLD, req(1))
    call MPI_Isend(sendbuf, count, MPI_DOUBLE_PRECISION, right, 0, MPI_COMM_WORLD, req(2))
    call MPI_Waitall(2, req, MPI_STATUSES_IGNORE)
    if (recvbuf(count) /= left * 1000 + i + count) errors = errors + 1
    call MPI_Sendrecv(recvbuf, count, MPI_DOUBLE_PRECISION, right, 1, back, count, &
                      MPI_DOUBLE_PRECISION, left, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE)
    mine = rank
    call MPI_Allreduce(mine, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD)
    if (total /= nprocs * (nprocs - 1) / 2.0d0) errors = errors + 1
  end do

  ints = rank
  call MPI_Isend(ints, 8, MPI_INTEGER, right, 2, MPI_COMM_WORLD, req(1), ierr)
  call MPI_Recv(ints, 8, MPI_INTEGER, MPI_ANY_SOURCE, 2, MPI_COMM_WORLD, st)
  if (st%MPI_SOURCE /= left .or. ints(8) /= left) errors = errors + 1
  call MPI_Wait(req(1), MPI_STATUS_IGNORE)

  ! Which request MPI_Waitany completed: MPICH 4.0.2's mpi_f08 counts it from 0, not 1.
  ints = rank
  call MPI_Irecv(got, 8, MPI_INTEGER, left, 3, MPI_COMM_WORLD, req(1))
  call MPI_Isend(ints, 8, MPI_INTEGER, right, 3, MPI_COMM_WORLD, req(2))
  call MPI_Waitany(2, req, idx, st)
  call MPI_Waitany(2, req, idx, st)
  if (got(8) /= left) errors = errors + 1

  all(:, rank) = (/ rank, 2 * rank /)
  call MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, all, 2, MPI_INTEGER, MPI_COMM_WORLD)
  do k = 0, nprocs - 1
    if (all(2, k) /= 2 * k) errors = errors + 1
  end do

  call MPI_Comm_split(MPI_COMM_WORLD, mod(rank, 2), rank, half)
  four = rank
  call MPI_Bcast(four, 4, MPI_INTEGER, 0, half)
  if (four(4) /= mod(rank, 2)) errors = errors + 1
  call MPI_Comm_free(half)

  if (errors /= 0) then
    write (0, '(a, i0, a, i0, a)') 'ring_f08: rank ', rank, ': ', errors, ' errors'
  else if (rank == 0) then
    write (*, '(a, i0, a, i0, a, i0, a)') 'ring_f08: ', nprocs, ' ranks, ', iterations, &
      ' iterations of ', count, ' doubles: done'
  end if
  call MPI_Finalize()
  if (errors /= 0) call exit(1)
end program ring_f08

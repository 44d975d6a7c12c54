! ring.f90 - the ring of ring.c in Fortran, with the mpif.h bindings.
!
! Usage: ring_f90 [iterations] [count]      defaults: iterations=100, count=1024
!
! At the start: MPI_BCAST of count MPI_DOUBLE_PRECISIONs from root 0.
! Per iteration, every rank r of n, on MPI_COMM_WORLD:
!   MPI_IRECV  count MPI_DOUBLE_PRECISIONs from left  = mod(r-1+n, n), tag 0
!   MPI_ISEND  count MPI_DOUBLE_PRECISIONs to   right = mod(r+1, n),   tag 0
!   MPI_WAITALL on both, with MPI_STATUSES_IGNORE
!   a 20 us busy-wait (on system_clock, which gfortran reads from CLOCK_MONOTONIC),
!   a check of the received values,
!   MPI_ALLREDUCE of 1 MPI_DOUBLE_PRECISION (MPI_SUM): the sum of all ranks, checked.
! Works with any number of ranks.
program ring_f90
  implicit none
  include 'mpif.h'
  integer, parameter :: compute_us = 20
  integer :: ierr, rank, nprocs, left, right, iterations, count, i, k, errors
  integer :: req(2)
  double precision, allocatable :: sendbuf(:), recvbuf(:)
  double precision :: mine, total
  character(len=32) :: arg

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, nprocs, ierr)
  iterations = 100
  count = 1024
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) iterations
  end if
  if (command_argument_count() >= 2) then
    call get_command_argument(2, arg)
    read (arg, *) count
  end if
  left = mod(rank - 1 + nprocs, nprocs)
  right = mod(rank + 1, nprocs)
  allocate(sendbuf(max(count, 1)), recvbuf(max(count, 1)))
  errors = 0

  ! The root sends its starting values to everyone.
  if (rank == 0) then
    do k = 1, count
      recvbuf(k) = k
    end do
  end if
  call MPI_BCAST(recvbuf, count, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD, ierr)
  do k = 1, count
    if (recvbuf(k) /= k) errors = errors + 1
  end do

  do i = 1, iterations
    do k = 1, count
      sendbuf(k) = rank * 1000.0d0 + i + k
    end do
    call MPI_IRECV(recvbuf, count, MPI_DOUBLE_PRECISION, left, 0, MPI_COMM_WORLD, req(1), ierr)
    call MPI_ISEND(sendbuf, count, MPI_DOUBLE_PRECISION, right, 0, MPI_COMM_WORLD, req(2), ierr)
    call MPI_WAITALL(2, req, MPI_STATUSES_IGNORE, ierr)

    call compute(compute_us)
    do k = 1, count
      if (recvbuf(k) /= left * 1000.0d0 + i + k) errors = errors + 1
    end do

    mine = rank
    call MPI_ALLREDUCE(mine, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
    if (total /= nprocs * (nprocs - 1) / 2.0d0) errors = errors + 1
  end do

  if (errors > 0) then
    write (0, '(a, i0, a, i0, a)') 'ring_f90: rank ', rank, ': ', errors, ' errors'
  else if (rank == 0) then
    write (*, '(a, i0, a, i0, a, i0, a)') 'ring_f90: ', nprocs, ' ranks, ', iterations, &
        ' iterations, count ', count, ': done'
  end if
  deallocate(sendbuf, recvbuf)
  call MPI_FINALIZE(ierr)
  if (errors > 0) stop 1

contains

  ! Busy-wait for us microseconds (stands in for real computation).
  subroutine compute(us)
    integer, intent(in) :: us
    integer(kind=8) :: t0, t, rate
    call system_clock(t0, rate)
    do
      call system_clock(t)
      if ((t - t0) * 1000000_8 >= us * rate) exit
    end do
  end subroutine compute

end program ring_f90

! init_thread.f90 - MPI_INIT_THREAD in Fortran (the mpif.h bindings), asking for
! MPI_THREAD_FUNNELED; every call from the one thread that started MPI.
!
! Usage: init_thread_f90 [iterations]      default: iterations=10
!
! Rank 0 prints the level it asked for and the one MPI provided (MPI's numbers: 0 single,
! 1 funneled, 2 serialized, 3 multiple, as in both Open MPI's and MPICH's mpif.h).
! Per iteration, every rank: MPI_ALLREDUCE of 1 MPI_DOUBLE_PRECISION (MPI_SUM) on
! MPI_COMM_WORLD, the sum of the ranks, checked. Works with any number of ranks.
program init_thread_f90
  implicit none
  include 'mpif.h'
  integer :: ierr, rank, nprocs, provided, iterations, i, errors
  double precision :: mine, total
  character(len=32) :: arg

  call MPI_INIT_THREAD(MPI_THREAD_FUNNELED, provided, ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, nprocs, ierr)
  iterations = 10
  if (command_argument_count() >= 1) then
    call get_command_argument(1, arg)
    read (arg, *) iterations
  end if
  errors = 0
  mine = rank
  do i = 1, iterations
    call MPI_ALLREDUCE(mine, total, 1, MPI_DOUBLE_PRECISION, MPI_SUM, MPI_COMM_WORLD, ierr)
    if (total /= nprocs * (nprocs - 1) / 2.0d0) errors = errors + 1
  end do
  if (errors /= 0) then
    write (0, '(a, i0, a, i0, a)') 'init_thread_f90: rank ', rank, ': ', errors, ' errors'
  else if (rank == 0) then
    write (*, '(a, i0, a, i0, a, i0, a)') 'init_thread_f90: ', nprocs, ' ranks, required ', &
      MPI_THREAD_FUNNELED, ', provided ', provided, ': done'
  end if
  call MPI_FINALIZE(ierr)
  if (errors /= 0) call exit(1)
end program init_thread_f90

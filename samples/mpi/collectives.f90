! collectives.f90 - collectives.c through the Fortran bindings (`use mpi`): every collective once,
! blocking then nonblocking (completed by MPI_WAIT), with the same counts, so that the two runs
! make the same calls and bytes (the tests compare them).
!
! Usage: collectives_f90      (no arguments)
!
! With n ranks and k = 4 MPI_INTEGERs a peer; on MPI_COMM_WORLD, then on a periodic 1-D
! Cartesian communicator of all ranks for the neighbourhood collectives: see collectives.c. At 1
! rank, Open MPI 4.1's MPI_NEIGHBOR_ALLTOALLW fails with MPI_ERR_TYPE (its Fortran layer, traced
! or not): n >= 2 there.
program collectives_f90
  use mpi
  implicit none
  integer, parameter :: k = 4
  integer :: ierr, rank, n, m, j, nb, q, w, ring
  integer, allocatable :: s(:), r(:), counts(:), displs(:), bdispls(:), types(:)
  integer(kind=MPI_ADDRESS_KIND) :: adispls(2)
  integer :: dims(1)
  logical :: periods(1), nonblocking

  call MPI_INIT(ierr)
  call MPI_COMM_RANK(MPI_COMM_WORLD, rank, ierr)
  call MPI_COMM_SIZE(MPI_COMM_WORLD, n, ierr)
  m = max(n, 2)
  allocate(s(k * m), r(k * m), counts(m), displs(m), bdispls(m), types(m))
  s = 0
  r = 0
  do j = 1, m
    counts(j) = k
    displs(j) = (j - 1) * k
    bdispls(j) = (j - 1) * k * 4
    types(j) = MPI_INTEGER
  end do
  w = MPI_COMM_WORLD
  do nb = 0, 1
    nonblocking = nb == 1
    if (nonblocking) then
      call MPI_IBARRIER(w, q, ierr)
      call done(q)
      call MPI_IBCAST(s, k, MPI_INTEGER, 0, w, q, ierr)
      call done(q)
      call MPI_IREDUCE(s, r, k, MPI_INTEGER, MPI_SUM, 0, w, q, ierr)
      call done(q)
      call MPI_IALLREDUCE(s, r, k, MPI_INTEGER, MPI_SUM, w, q, ierr)
      call done(q)
      call MPI_ISCAN(s, r, k, MPI_INTEGER, MPI_SUM, w, q, ierr)
      call done(q)
      call MPI_IEXSCAN(s, r, k, MPI_INTEGER, MPI_SUM, w, q, ierr)
      call done(q)
      call MPI_IREDUCE_SCATTER_BLOCK(s, r, k, MPI_INTEGER, MPI_SUM, w, q, ierr)
      call done(q)
      call MPI_IREDUCE_SCATTER(s, r, counts, MPI_INTEGER, MPI_SUM, w, q, ierr)
      call done(q)
      call MPI_IGATHER(s, k, MPI_INTEGER, r, k, MPI_INTEGER, 0, w, q, ierr)
      call done(q)
      call MPI_ISCATTER(s, k, MPI_INTEGER, r, k, MPI_INTEGER, 0, w, q, ierr)
      call done(q)
      call MPI_IALLGATHER(s, k, MPI_INTEGER, r, k, MPI_INTEGER, w, q, ierr)
      call done(q)
      call MPI_IALLTOALL(s, k, MPI_INTEGER, r, k, MPI_INTEGER, w, q, ierr)
      call done(q)
      call MPI_IGATHERV(s, k, MPI_INTEGER, r, counts, displs, MPI_INTEGER, 0, w, q, ierr)
      call done(q)
      call MPI_ISCATTERV(s, counts, displs, MPI_INTEGER, r, k, MPI_INTEGER, 0, w, q, ierr)
      call done(q)
      call MPI_IALLGATHERV(s, k, MPI_INTEGER, r, counts, displs, MPI_INTEGER, w, q, ierr)
      call done(q)
      call MPI_IALLTOALLV(s, counts, displs, MPI_INTEGER, r, counts, displs, MPI_INTEGER, w, q, &
                          ierr)
      call done(q)
      call MPI_IALLTOALLW(s, counts, bdispls, types, r, counts, bdispls, types, w, q, ierr)
      call done(q)
    else
      call MPI_BARRIER(w, ierr)
      call MPI_BCAST(s, k, MPI_INTEGER, 0, w, ierr)
      call MPI_REDUCE(s, r, k, MPI_INTEGER, MPI_SUM, 0, w, ierr)
      call MPI_ALLREDUCE(s, r, k, MPI_INTEGER, MPI_SUM, w, ierr)
      call MPI_SCAN(s, r, k, MPI_INTEGER, MPI_SUM, w, ierr)
      call MPI_EXSCAN(s, r, k, MPI_INTEGER, MPI_SUM, w, ierr)
      call MPI_REDUCE_SCATTER_BLOCK(s, r, k, MPI_INTEGER, MPI_SUM, w, ierr)
      call MPI_REDUCE_SCATTER(s, r, counts, MPI_INTEGER, MPI_SUM, w, ierr)
      call MPI_GATHER(s, k, MPI_INTEGER, r, k, MPI_INTEGER, 0, w, ierr)
      call MPI_SCATTER(s, k, MPI_INTEGER, r, k, MPI_INTEGER, 0, w, ierr)
      call MPI_ALLGATHER(s, k, MPI_INTEGER, r, k, MPI_INTEGER, w, ierr)
      call MPI_ALLTOALL(s, k, MPI_INTEGER, r, k, MPI_INTEGER, w, ierr)
      call MPI_GATHERV(s, k, MPI_INTEGER, r, counts, displs, MPI_INTEGER, 0, w, ierr)
      call MPI_SCATTERV(s, counts, displs, MPI_INTEGER, r, k, MPI_INTEGER, 0, w, ierr)
      call MPI_ALLGATHERV(s, k, MPI_INTEGER, r, counts, displs, MPI_INTEGER, w, ierr)
      call MPI_ALLTOALLV(s, counts, displs, MPI_INTEGER, r, counts, displs, MPI_INTEGER, w, ierr)
      call MPI_ALLTOALLW(s, counts, bdispls, types, r, counts, bdispls, types, w, ierr)
    end if
  end do
  ! Two neighbours a rank on a ring (one rank: itself twice).
  dims(1) = n
  periods(1) = .true.
  call MPI_CART_CREATE(MPI_COMM_WORLD, 1, dims, periods, .false., ring, ierr)
  adispls(1) = 0
  adispls(2) = k * 4
  do nb = 0, 1
    if (nb == 1) then
      call MPI_INEIGHBOR_ALLGATHER(s, k, MPI_INTEGER, r, k, MPI_INTEGER, ring, q, ierr)
      call done(q)
      call MPI_INEIGHBOR_ALLTOALL(s, k, MPI_INTEGER, r, k, MPI_INTEGER, ring, q, ierr)
      call done(q)
      call MPI_INEIGHBOR_ALLGATHERV(s, k, MPI_INTEGER, r, counts, displs, MPI_INTEGER, ring, q, &
                                    ierr)
      call done(q)
      call MPI_INEIGHBOR_ALLTOALLV(s, counts, displs, MPI_INTEGER, r, counts, displs, &
                                   MPI_INTEGER, ring, q, ierr)
      call done(q)
      call MPI_INEIGHBOR_ALLTOALLW(s, counts, adispls, types, r, counts, adispls, types, ring, q, &
                                   ierr)
      call done(q)
    else
      call MPI_NEIGHBOR_ALLGATHER(s, k, MPI_INTEGER, r, k, MPI_INTEGER, ring, ierr)
      call MPI_NEIGHBOR_ALLTOALL(s, k, MPI_INTEGER, r, k, MPI_INTEGER, ring, ierr)
      call MPI_NEIGHBOR_ALLGATHERV(s, k, MPI_INTEGER, r, counts, displs, MPI_INTEGER, ring, ierr)
      call MPI_NEIGHBOR_ALLTOALLV(s, counts, displs, MPI_INTEGER, r, counts, displs, MPI_INTEGER, &
                                  ring, ierr)
      call MPI_NEIGHBOR_ALLTOALLW(s, counts, adispls, types, r, counts, adispls, types, ring, ierr)
    end if
  end do
  call MPI_COMM_FREE(ring, ierr)
  call MPI_FINALIZE(ierr)

contains

  subroutine done(req)
    integer, intent(inout) :: req
    call MPI_WAIT(req, MPI_STATUS_IGNORE, ierr)
  end subroutine done
end program collectives_f90

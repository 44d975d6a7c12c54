/* bg_runtime_comm.c: the communicator slots of benchgen's C+MPI benchmarks (part of the run-time
 * library, interface: bg_runtime.h): how each is made, its rank and size, and relative peers. */
#include "bg_runtime.h"

#include <stdio.h>
#include <stdlib.h>

void bg_comm_ready(int s) {
  if (bg_comm[s].c == MPI_COMM_NULL) {
    bg_comm[s].rank = -1;
    bg_comm[s].size = 0;
  } else {
    int inter = 0;
    MPI_Comm_rank(bg_comm[s].c, &bg_comm[s].rank);
    MPI_Comm_test_inter(bg_comm[s].c, &inter);
    /* Peers on an intercommunicator are ranks of its remote group: relative ones count there. */
    if (inter) {
      MPI_Comm_remote_size(bg_comm[s].c, &bg_comm[s].size);
    } else {
      MPI_Comm_size(bg_comm[s].c, &bg_comm[s].size);
    }
  }
}

void bg_comm_like(int s, int parent) {
  bg_comm[s].rank = bg_comm[parent].rank;
  bg_comm[s].size = bg_comm[parent].size;
}

int bg_rel(int s, int off) {
  if (off <= BG_NULL) {
    return bg_sym(off);
  }
  int n = bg_comm[s].size;
  return ((bg_comm[s].rank + off) % n + n) % n;
}

void bg_comm_members(int s, const int *members) {
  int color = MPI_UNDEFINED, key = 0;
  for (int i = 0; i < members[0]; i++) {
    if (members[1 + i] == bg_comm[0].rank) {
      color = 0;
      key = i;
    }
  }
  PMPI_Comm_split(MPI_COMM_WORLD, color, key, &bg_comm[s].c);
  bg_comm_ready(s);
}

void bg_comm_create(int parent, const int *members, int s) {
  /* The group is taken from the parent's own (local) group, as a program does: of the listed
   * world ranks, those in it (an intercommunicator's list names both groups: each side gives its
   * own). */
  MPI_Group world, local, group;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  MPI_Comm_group(bg_comm[parent].c, &local);
  int *ranks = malloc((members[0] > 0 ? members[0] : 1) * sizeof *ranks), n = 0;
  for (int i = 0; i < members[0]; i++) {
    int r = MPI_UNDEFINED;
    MPI_Group_translate_ranks(world, 1, &members[1 + i], local, &r);
    if (r != MPI_UNDEFINED) {
      ranks[n++] = r;
    }
  }
  MPI_Group_incl(local, n, ranks, &group);
  MPI_Comm_create(bg_comm[parent].c, group, &bg_comm[s].c);
  if (group != MPI_GROUP_EMPTY) {
    MPI_Group_free(&group);
  }
  free(ranks);
  MPI_Group_free(&local);
  MPI_Group_free(&world);
}

void bg_comm_create_group(int parent, const int *members, int tag, int s) {
  MPI_Group world, group;
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  MPI_Group_incl(world, members[0], members + 1, &group);
  MPI_Comm_create_group(bg_comm[parent].c, group, tag, &bg_comm[s].c);
  MPI_Group_free(&group);
  MPI_Group_free(&world);
}

/* Whether communicator c holds exactly the world ranks members (a list, its length first). */
static int bg_same_members(MPI_Comm c, const int *members) {
  if (c == MPI_COMM_NULL || members[0] == 0) {
    return c == MPI_COMM_NULL && members[0] == 0;
  }
  int n = 0, same = 1;
  MPI_Comm_size(c, &n);
  if (n != members[0]) {
    return 0;
  }
  MPI_Group group, world;
  MPI_Comm_group(c, &group);
  MPI_Comm_group(MPI_COMM_WORLD, &world);
  for (int i = 0; i < n && same; i++) {
    int w = -1;
    MPI_Group_translate_ranks(group, 1, &i, world, &w);
    same = w == members[1 + i];
  }
  MPI_Group_free(&group);
  MPI_Group_free(&world);
  return same;
}

void bg_comm_remade(int kind, int parent, int nnodes, const int *members, int s) {
  MPI_Comm p = bg_comm[parent].c, *made = &bg_comm[s].c;
  int none = 0;
  switch (kind) {
    case BG_SPLIT_TYPE:
      MPI_Comm_split_type(p, members[0] > 0 ? MPI_COMM_TYPE_SHARED : MPI_UNDEFINED,
                          bg_comm[parent].rank, MPI_INFO_NULL, made);
      break;
    case BG_GRAPH: {
      /* nnodes nodes without edges: the parent's first nnodes ranks, in order. */
      int *zeros = calloc(nnodes > 0 ? nnodes : 1, sizeof *zeros);
      MPI_Graph_create(p, nnodes, zeros, &none, 0, made);
      free(zeros);
      break;
    }
    case BG_DIST_GRAPH:
      MPI_Dist_graph_create(p, 0, &none, &none, &none, &none, MPI_INFO_NULL, 0, made);
      break;
    default:
      MPI_Dist_graph_create_adjacent(p, 0, &none, &none, 0, &none, &none, MPI_INFO_NULL, 0, made);
      break;
  }
  if (!bg_same_members(*made, members)) {
    /* Another machine's nodes, or a reordered graph: the traced group, unseen by a tracer. */
    MPI_Group world, group = MPI_GROUP_EMPTY;
    if (*made != MPI_COMM_NULL) {
      PMPI_Comm_free(made);
    }
    PMPI_Comm_group(MPI_COMM_WORLD, &world);
    if (members[0] > 0) {
      PMPI_Group_incl(world, members[0], members + 1, &group);
    }
    PMPI_Comm_create(p, group, made);
    if (members[0] > 0) {
      PMPI_Group_free(&group);
    }
    PMPI_Group_free(&world);
  }
}

void bg_comm_idup_info(int parent, int s, MPI_Request *req) {
#if MPI_VERSION >= 4
  MPI_Comm_idup_with_info(bg_comm[parent].c, MPI_INFO_NULL, &bg_comm[s].c, req);
#else
  MPI_Comm_idup(bg_comm[parent].c, &bg_comm[s].c, req);
#endif
}

/* The group of these world ranks ({n, r1, ..., rn}). */
static MPI_Group bg_world_group_of(const int *members) {
  MPI_Group world, group;
  PMPI_Comm_group(MPI_COMM_WORLD, &world);
  PMPI_Group_incl(world, members[0], members + 1, &group);
  PMPI_Group_free(&world);
  return group;
}

#if MPI_VERSION >= 4
/* The string tag of the calls that make slot s: one slot holds one such communicator at a time. */
static void bg_slot_tag(int s, char *tag, size_t n) {
  snprintf(tag, n, "benchgen-%d", s);
}
#endif

void bg_comm_from_group(const int *members, int s) {
  MPI_Group group = bg_world_group_of(members);
#if MPI_VERSION >= 4
  char tag[32];
  bg_slot_tag(s, tag, sizeof tag);
  MPI_Comm_create_from_group(group, tag, MPI_INFO_NULL, MPI_ERRORS_ARE_FATAL, &bg_comm[s].c);
#else
  PMPI_Comm_create_group(MPI_COMM_WORLD, group, s, &bg_comm[s].c);
#endif
  PMPI_Group_free(&group);
}

void bg_intercomm_from_groups(const int *first, const int *second, int leader, int rleader,
                              int s) {
  int mine = 0;
  for (int i = 0; i < first[0]; i++) {
    mine |= first[1 + i] == bg_comm[0].rank;
  }
  const int *local = mine ? first : second, *remote = mine ? second : first;
#if MPI_VERSION >= 4
  MPI_Group lg = bg_world_group_of(local), rg = bg_world_group_of(remote);
  char tag[32];
  bg_slot_tag(s, tag, sizeof tag);
  MPI_Intercomm_create_from_groups(lg, leader, rg, rleader, tag, MPI_INFO_NULL,
                                   MPI_ERRORS_ARE_FATAL, &bg_comm[s].c);
  PMPI_Group_free(&rg);
#else
  MPI_Group lg = bg_world_group_of(local);
  MPI_Comm within;
  PMPI_Comm_create_group(MPI_COMM_WORLD, lg, s, &within);
  PMPI_Intercomm_create(within, leader, MPI_COMM_WORLD, remote[1 + rleader], s, &bg_comm[s].c);
  PMPI_Comm_free(&within);
#endif
  PMPI_Group_free(&lg);
}

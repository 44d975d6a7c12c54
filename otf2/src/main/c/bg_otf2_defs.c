/*
 * bg-otf2-read's definitions: kept as the Python bindings keep them (their registry: in the
 * archive's order, each reference once, each reference to one defined before it), and written as
 * the Python bridge writes OUTDIR/defs.
 */
#include <errno.h>

#include "bg_otf2.h"

/* A definition the bindings could not build: their callback raised, the library stops. */
static OTF2_CallbackCode bad(const char *what, uint64_t ref) {
  fprintf(stderr, "bg_otf2: definition %s #%" PRIu64 " names what is not defined before it\n",
          what, ref);
  return OTF2_CALLBACK_ERROR;
}

/* Whether REF is undefined or defined in M (the bindings' registry lookup). */
static int known(const Map *m, uint64_t ref, uint64_t undefined) {
  return ref == undefined || map_get(m, ref) >= 0;
}

static int known_string(Defs *d, OTF2_StringRef ref) {
  return known(&d->strings, ref, OTF2_UNDEFINED_STRING);
}

/* Registers REF in M, or says the reference repeats. */
static int fresh(Map *m, uint64_t ref, int64_t index) {
  if (map_get(m, ref) >= 0) {
    return 0;
  }
  map_put(m, ref, index);
  return 1;
}

/* Python decodes every string strictly as UTF-8; what it cannot decode stops the reading. */
static int utf8(const unsigned char *s) {
  while (*s) {
    unsigned c = *s;
    int n = c < 0x80 ? 0 : c >= 0xC2 && c <= 0xDF ? 1 : c >= 0xE0 && c <= 0xEF ? 2
            : c >= 0xF0 && c <= 0xF4 ? 3 : -1;
    if (n < 0) {
      return 0;
    }
    unsigned lo = 0x80, hi = 0xBF;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
    s++;
    for (int i = 0; i < n; i++, s++) {
      if (*s < (i == 0 ? lo : 0x80) || *s > (i == 0 ? hi : 0xBF)) {
        return 0;
      }
    }
  }
  return 1;
}

static OTF2_CallbackCode def_string(void *u, OTF2_StringRef self, const char *text) {
  Defs *d = u;
  if (!utf8((const unsigned char *)text)) {
    fprintf(stderr, "bg_otf2: string #%" PRIu32 " is not UTF-8\n", self);
    return OTF2_CALLBACK_ERROR;
  }
  if (!fresh(&d->strings, self, (int64_t)d->n_strings)) {
    return bad("String", self);
  }
  d->string_text = grow(d->string_text, d->n_strings + 1, sizeof *d->string_text);
  d->string_text[d->n_strings++] = strdup(text);
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_clock(void *u, uint64_t resolution, uint64_t offset,
                                   uint64_t length, uint64_t realtime) {
  Defs *d = u;
  (void)length;
  (void)realtime;
  if (d->have_clock) {
    fputs("bg_otf2: two ClockProperties definitions\n", stderr);
    return OTF2_CALLBACK_ERROR;
  }
  d->have_clock = 1;
  d->resolution = resolution;
  d->offset = offset;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_attribute(void *u, OTF2_AttributeRef self, OTF2_StringRef name,
                                       OTF2_StringRef description, OTF2_Type type) {
  Defs *d = u;
  (void)type;
  if (!known_string(d, name) || !known_string(d, description)
      || !fresh(&d->attribute_map, self, 0)) {
    return bad("Attribute", self);
  }
  d->attributes = grow(d->attributes, d->n_attributes + 1, sizeof *d->attributes);
  d->attributes[d->n_attributes++] = (Named){self, name};
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_node(void *u, OTF2_SystemTreeNodeRef self, OTF2_StringRef name,
                                  OTF2_StringRef class_name, OTF2_SystemTreeNodeRef parent) {
  Defs *d = u;
  if (!known_string(d, name) || !known_string(d, class_name)
      || !known(&d->nodes, parent, OTF2_UNDEFINED_SYSTEM_TREE_NODE)
      || !fresh(&d->nodes, self, 0)) {
    return bad("SystemTreeNode", self);
  }
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_location_group(void *u, OTF2_LocationGroupRef self,
                                            OTF2_StringRef name, OTF2_LocationGroupType type,
                                            OTF2_SystemTreeNodeRef parent,
                                            OTF2_LocationGroupRef creator) {
  Defs *d = u;
  (void)type;
  if (!known_string(d, name) || !known(&d->nodes, parent, OTF2_UNDEFINED_SYSTEM_TREE_NODE)
      || !known(&d->location_groups, creator, OTF2_UNDEFINED_LOCATION_GROUP)
      || !fresh(&d->location_groups, self, 0)) {
    return bad("LocationGroup", self);
  }
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_location(void *u, OTF2_LocationRef self, OTF2_StringRef name,
                                      OTF2_LocationType type, uint64_t events,
                                      OTF2_LocationGroupRef group) {
  Defs *d = u;
  (void)type;
  (void)events;
  if (!known_string(d, name) || !known(&d->location_groups, group, OTF2_UNDEFINED_LOCATION_GROUP)
      || !fresh(&d->locations, self, 0)) {
    return bad("Location", self);
  }
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_region(void *u, OTF2_RegionRef self, OTF2_StringRef name,
                                    OTF2_StringRef canonical, OTF2_StringRef description,
                                    OTF2_RegionRole role, OTF2_Paradigm paradigm,
                                    OTF2_RegionFlag flags, OTF2_StringRef file, uint32_t begin,
                                    uint32_t end) {
  Defs *d = u;
  (void)role, (void)paradigm, (void)flags, (void)begin, (void)end;
  if (!known_string(d, name) || !known_string(d, canonical) || !known_string(d, description)
      || !known_string(d, file) || !fresh(&d->region_map, self, 0)) {
    return bad("Region", self);
  }
  d->regions = grow(d->regions, d->n_regions + 1, sizeof *d->regions);
  d->regions[d->n_regions++] = (Named){self, name};
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_group(void *u, OTF2_GroupRef self, OTF2_StringRef name,
                                   OTF2_GroupType type, OTF2_Paradigm paradigm,
                                   OTF2_GroupFlag flags, uint32_t n, const uint64_t *members) {
  Defs *d = u;
  (void)flags;
  if (!known_string(d, name) || map_get(&d->group_map, self) >= 0) {
    return bad("Group", self);
  }
  Group g = {self, type, paradigm, n, grow(NULL, n + 1, sizeof(uint64_t))};
  if (type == OTF2_GROUP_TYPE_COMM_GROUP && n > 0) {
    /* Ranks: positions in the last COMM_LOCATIONS group of this paradigm so far. */
    const Group *parent = NULL;
    for (size_t i = 0; i < d->n_groups; i++) {
      if (d->groups[i].paradigm == paradigm
          && d->groups[i].type == OTF2_GROUP_TYPE_COMM_LOCATIONS) {
        parent = &d->groups[i];
      }
    }
    for (uint32_t i = 0; i < n; i++) {
      if (parent == NULL || members[i] >= parent->n) {
        free(g.members);
        return bad("Group", self);
      }
      g.members[i] = parent->members[members[i]];
    }
  } else if (type != OTF2_GROUP_TYPE_COMM_GROUP) {
    const Map *of = type == OTF2_GROUP_TYPE_LOCATIONS || type == OTF2_GROUP_TYPE_COMM_LOCATIONS
                        ? &d->locations
                    : type == OTF2_GROUP_TYPE_REGIONS ? &d->region_map : NULL;
    /* Metric groups' members are metrics, which this program does not keep: taken as given. */
    for (uint32_t i = 0; i < n; i++) {
      if ((type != OTF2_GROUP_TYPE_METRIC && (of == NULL || map_get(of, members[i]) < 0))) {
        free(g.members);
        return bad("Group", self);
      }
      g.members[i] = members[i];
    }
  }
  map_put(&d->group_map, self, (int64_t)d->n_groups);
  d->groups = grow(d->groups, d->n_groups + 1, sizeof *d->groups);
  d->groups[d->n_groups++] = g;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode add_comm(Defs *d, Comm c, OTF2_GroupRef other) {
  if (!known_string(d, c.name) || !known(&d->group_map, c.group, OTF2_UNDEFINED_GROUP)
      || !known(&d->group_map, other, OTF2_UNDEFINED_GROUP)
      || !known(&d->comm_map, c.parent, OTF2_UNDEFINED_COMM)
      || !fresh(&d->comm_map, c.ref, (int64_t)d->n_comms)) {
    return bad("Comm", c.ref);
  }
  d->comms = grow(d->comms, d->n_comms + 1, sizeof *d->comms);
  d->comms[d->n_comms++] = c;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_comm(void *u, OTF2_CommRef self, OTF2_StringRef name,
                                  OTF2_GroupRef group, OTF2_CommRef parent, OTF2_CommFlag flags) {
  (void)flags;
  return add_comm(u, (Comm){self, name, group, parent, 0}, OTF2_UNDEFINED_GROUP);
}

static OTF2_CallbackCode def_inter_comm(void *u, OTF2_CommRef self, OTF2_StringRef name,
                                        OTF2_GroupRef a, OTF2_GroupRef b, OTF2_CommRef common,
                                        OTF2_CommFlag flags) {
  (void)flags;
  return add_comm(u, (Comm){self, name, a, common, 1}, b);
}

static OTF2_CallbackCode def_dim(void *u, OTF2_CartDimensionRef self, OTF2_StringRef name,
                                 uint32_t size, OTF2_CartPeriodicity periodicity) {
  Defs *d = u;
  if (!known_string(d, name) || !fresh(&d->dim_map, self, (int64_t)d->n_dims)) {
    return bad("CartDimension", self);
  }
  d->dims = grow(d->dims, d->n_dims + 1, sizeof *d->dims);
  d->dims[d->n_dims++] = (Dim){size, periodicity};
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_cart(void *u, OTF2_CartTopologyRef self, OTF2_StringRef name,
                                  OTF2_CommRef comm, uint8_t n, const OTF2_CartDimensionRef *dims) {
  Defs *d = u;
  int ok = known_string(d, name) && known(&d->comm_map, comm, OTF2_UNDEFINED_COMM);
  for (uint8_t i = 0; ok && i < n; i++) {
    ok = known(&d->dim_map, dims[i], OTF2_UNDEFINED_CART_DIMENSION);
  }
  if (!ok || !fresh(&d->cart_map, self, 0)) {
    return bad("CartTopology", self);
  }
  Cart c = {comm, n, grow(NULL, (size_t)n + 1, sizeof(uint32_t))};
  memcpy(c.dims, dims, n * sizeof(uint32_t));
  d->carts = grow(d->carts, d->n_carts + 1, sizeof *d->carts);
  d->carts[d->n_carts++] = c;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_win(void *u, OTF2_RmaWinRef self, OTF2_StringRef name,
                                 OTF2_CommRef comm, OTF2_RmaWinFlag flags) {
  Defs *d = u;
  (void)flags;
  if (!known_string(d, name) || !known(&d->comm_map, comm, OTF2_UNDEFINED_COMM)
      || !fresh(&d->win_map, self, (int64_t)d->n_wins)) {
    return bad("RmaWin", self);
  }
  d->wins = grow(d->wins, d->n_wins + 1, sizeof *d->wins);
  d->wins[d->n_wins++] = (Win){self, comm};
  return OTF2_CALLBACK_SUCCESS;
}

/* MPI-IO: paradigms (only MPI-IO's handles are kept), files (regular or directories alike: a
   handle names one), handles. */
static OTF2_CallbackCode def_io_paradigm(void *u, OTF2_IoParadigmRef self,
                                         OTF2_StringRef identification, OTF2_StringRef name,
                                         OTF2_IoParadigmClass cls, OTF2_IoParadigmFlag flags,
                                         uint8_t n, const OTF2_IoParadigmProperty *properties,
                                         const OTF2_Type *types,
                                         const OTF2_AttributeValue *values) {
  Defs *d = u;
  (void)cls, (void)flags, (void)n, (void)properties, (void)types, (void)values;
  if (!known_string(d, identification) || !known_string(d, name)
      || identification == OTF2_UNDEFINED_STRING
      || !fresh(&d->io_paradigm_map, self, (int64_t)d->n_io_paradigms)) {
    return bad("IoParadigm", self);
  }
  d->io_paradigms = grow(d->io_paradigms, d->n_io_paradigms + 1, sizeof *d->io_paradigms);
  d->io_paradigms[d->n_io_paradigms++] = (IoParadigm){self, identification};
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_io_file(void *u, OTF2_IoFileRef self, OTF2_StringRef name,
                                     OTF2_SystemTreeNodeRef scope) {
  Defs *d = u;
  (void)scope;
  if (!known_string(d, name) || !fresh(&d->io_file_map, self, (int64_t)d->n_io_files)) {
    return bad("IoFile", self);
  }
  d->io_files = grow(d->io_files, d->n_io_files + 1, sizeof *d->io_files);
  d->io_files[d->n_io_files++] = self;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode def_io_handle(void *u, OTF2_IoHandleRef self, OTF2_StringRef name,
                                       OTF2_IoFileRef file, OTF2_IoParadigmRef paradigm,
                                       OTF2_IoHandleFlag flags, OTF2_CommRef comm,
                                       OTF2_IoHandleRef parent) {
  Defs *d = u;
  (void)flags, (void)parent;
  if (!known_string(d, name) || !known(&d->io_file_map, file, OTF2_UNDEFINED_IO_FILE)
      || map_get(&d->io_paradigm_map, paradigm) < 0
      || !known(&d->comm_map, comm, OTF2_UNDEFINED_COMM)
      || !fresh(&d->io_handle_map, self, (int64_t)d->n_io_handles)) {
    return bad("IoHandle", self);
  }
  d->io_handles = grow(d->io_handles, d->n_io_handles + 1, sizeof *d->io_handles);
  d->io_handles[d->n_io_handles++] = (IoHandle){self, file, comm, paradigm};
  return OTF2_CALLBACK_SUCCESS;
}

/* Opens the archive and reads its global definitions, as otf2.reader.open does. */
OTF2_Reader *open_archive(const char *anchor, Defs *d) {
  OTF2_Reader *reader = OTF2_Reader_Open(anchor);
  if (reader == NULL) {
    check(OTF2_ERROR_INVALID);
  }
  check(OTF2_Reader_SetSerialCollectiveCallbacks(reader));
  OTF2_GlobalDefReader *defs = OTF2_Reader_GetGlobalDefReader(reader);
  OTF2_GlobalDefReaderCallbacks *cb = OTF2_GlobalDefReaderCallbacks_New();
  OTF2_GlobalDefReaderCallbacks_SetStringCallback(cb, def_string);
  OTF2_GlobalDefReaderCallbacks_SetClockPropertiesCallback(cb, def_clock);
  OTF2_GlobalDefReaderCallbacks_SetAttributeCallback(cb, def_attribute);
  OTF2_GlobalDefReaderCallbacks_SetSystemTreeNodeCallback(cb, def_node);
  OTF2_GlobalDefReaderCallbacks_SetLocationGroupCallback(cb, def_location_group);
  OTF2_GlobalDefReaderCallbacks_SetLocationCallback(cb, def_location);
  OTF2_GlobalDefReaderCallbacks_SetRegionCallback(cb, def_region);
  OTF2_GlobalDefReaderCallbacks_SetGroupCallback(cb, def_group);
  OTF2_GlobalDefReaderCallbacks_SetCommCallback(cb, def_comm);
  OTF2_GlobalDefReaderCallbacks_SetInterCommCallback(cb, def_inter_comm);
  OTF2_GlobalDefReaderCallbacks_SetCartDimensionCallback(cb, def_dim);
  OTF2_GlobalDefReaderCallbacks_SetCartTopologyCallback(cb, def_cart);
  OTF2_GlobalDefReaderCallbacks_SetRmaWinCallback(cb, def_win);
  OTF2_GlobalDefReaderCallbacks_SetIoParadigmCallback(cb, def_io_paradigm);
  OTF2_GlobalDefReaderCallbacks_SetIoRegularFileCallback(cb, def_io_file);
  OTF2_GlobalDefReaderCallbacks_SetIoDirectoryCallback(cb, def_io_file);
  OTF2_GlobalDefReaderCallbacks_SetIoHandleCallback(cb, def_io_handle);
  check(OTF2_Reader_RegisterGlobalDefCallbacks(reader, defs, cb, d));
  OTF2_GlobalDefReaderCallbacks_Delete(cb);
  uint64_t read = 0;
  check(OTF2_Reader_ReadAllGlobalDefinitions(reader, defs, &read));
  check(OTF2_Reader_CloseGlobalDefReader(reader, defs));
  if (!d->have_clock) {
    fail("Trace has no ClockProperties definition.");
  }
  return reader;
}

/* urllib.parse.quote(text, safe=""): every byte but letters, digits and "_.-~" as %XX. */
static void enc(FILE *f, const char *text) {
  for (const unsigned char *s = (const unsigned char *)text; *s; s++) {
    if ((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9')
        || strchr("_.-~", *s) != NULL) {
      fputc(*s, f);
    } else {
      fprintf(f, "%%%02X", *s);
    }
  }
}

/* A definition's name as the bindings give it: "Kind #REF" when it names no string. */
static void name(FILE *f, const Defs *d, OTF2_StringRef ref, const char *kind, uint32_t self) {
  int64_t i = map_get(&d->strings, ref);
  if (i < 0) {
    fprintf(f, "%s #%" PRIu32, kind, self);
  } else {
    enc(f, d->string_text[i]);
  }
}

/* The first MPI COMM_LOCATIONS group: its members are the ranks, in order. */
const Group *mpi_locations(const Defs *d) {
  for (size_t i = 0; i < d->n_groups; i++) {
    if (d->groups[i].type == OTF2_GROUP_TYPE_COMM_LOCATIONS
        && d->groups[i].paradigm == OTF2_PARADIGM_MPI) {
      return &d->groups[i];
    }
  }
  fail("the archive has no MPI locations group: not a trace of an MPI program");
  return NULL;
}

void write_defs(const char *out, const Defs *d, const Group *ranks, OTF2_Reader *reader) {
  Map rank_of = {0};
  for (uint32_t r = 0; r < ranks->n; r++) {
    map_put(&rank_of, ranks->members[r], r);
  }
  char *p = path(out, "defs");
  FILE *f = open_out(p);
  free(p);
  uint8_t major = 0, minor = 0, bugfix = 0;
  fprintf(f, "ranks %" PRIu32 "\nclock %" PRIu64 " %" PRIu64 "\n", ranks->n, d->resolution,
          d->offset);
  check(OTF2_Reader_GetVersion(reader, &major, &minor, &bugfix));
  fprintf(f, "version %d %d\n", major, minor);
  for (size_t i = 0; i < d->n_regions; i++) {
    fprintf(f, "region %" PRIu32 " ", d->regions[i].ref);
    name(f, d, d->regions[i].name, "Region", d->regions[i].ref);
    fputc('\n', f);
  }
  for (size_t i = 0; i < d->n_comms; i++) {
    const Comm *c = &d->comms[i];
    if (c->inter) {
      fclose(f);
      fail("AttributeError: 'InterComm' object has no attribute '_group'");
    }
    int64_t gi = map_get(&d->group_map, c->group);
    const Group *g = gi < 0 ? NULL : &d->groups[gi];
    if (g != NULL && g->paradigm != OTF2_PARADIGM_MPI) {
      continue; /* Score-P's own communicators (MEASUREMENT_SYSTEM), not MPI's */
    }
    fprintf(f, "comm %" PRIu32 " ", c->ref);
    if (g == NULL || g->type == OTF2_GROUP_TYPE_COMM_SELF) {
      fputs("self ", f);
    } else {
      fputs("group ", f);
      for (uint32_t m = 0; m < g->n; m++) {
        fprintf(f, m == 0 ? "%" PRId64 : ",%" PRId64, map_get(&rank_of, g->members[m]));
      }
      if (c->parent == OTF2_UNDEFINED_COMM) {
        fputs(" -1 ", f);
      } else {
        fprintf(f, " %" PRIu32 " ", c->parent);
      }
    }
    name(f, d, c->name, "Comm", c->ref);
    fputc('\n', f);
  }
  for (size_t i = 0; i < d->n_carts; i++) {
    const Cart *c = &d->carts[i];
    if (c->comm == OTF2_UNDEFINED_COMM) {
      fputs("cart -1 ", f);
    } else {
      fprintf(f, "cart %" PRIu32 " ", c->comm);
    }
    for (uint8_t k = 0; k < c->n; k++) {
      fprintf(f, k == 0 ? "%" PRIu32 : ",%" PRIu32, d->dims[map_get(&d->dim_map, c->dims[k])].size);
    }
    fputc(' ', f);
    for (uint8_t k = 0; k < c->n; k++) {
      uint8_t periodic = d->dims[map_get(&d->dim_map, c->dims[k])].periodicity;
      if (periodic > OTF2_CART_PERIODIC_TRUE) {
        fclose(f); /* the bindings know no name for it */
        fail("KeyError: %d", periodic);
      }
      fputs(k == 0 ? "" : ",", f);
      fputc(periodic == OTF2_CART_PERIODIC_TRUE ? '1' : '0', f);
    }
    fputc('\n', f);
  }
  /* One-sided communication: MPI's groups (MPI_Win_post's, MPI_Win_start's) by world ranks, and
     the windows with their communicators. */
  for (size_t i = 0; i < d->n_groups; i++) {
    const Group *g = &d->groups[i];
    if (g->type == OTF2_GROUP_TYPE_COMM_GROUP && g->paradigm == OTF2_PARADIGM_MPI && g->n > 0) {
      fprintf(f, "group %" PRIu32 " ", g->ref);
      for (uint32_t m = 0; m < g->n; m++) {
        fprintf(f, m == 0 ? "%" PRId64 : ",%" PRId64, map_get(&rank_of, g->members[m]));
      }
      fputc('\n', f);
    }
  }
  for (size_t i = 0; i < d->n_wins; i++) {
    if (d->wins[i].comm == OTF2_UNDEFINED_COMM) {
      fprintf(f, "win %" PRIu32 " -1\n", d->wins[i].ref);
    } else {
      fprintf(f, "win %" PRIu32 " %" PRIu32 "\n", d->wins[i].ref, d->wins[i].comm);
    }
  }
  /* MPI-IO: the handles of the paradigm "MPI-IO" (Score-P's identification) with their files
     and communicators; files by reference only (their names, paths, stay in the archive). */
  for (size_t i = 0; i < d->n_io_handles; i++) {
    const IoHandle *h = &d->io_handles[i];
    const IoParadigm *pd = &d->io_paradigms[map_get(&d->io_paradigm_map, h->paradigm)];
    int64_t id = map_get(&d->strings, pd->identification);
    if (id < 0 || strcmp(d->string_text[id], "MPI-IO") != 0 || h->file == OTF2_UNDEFINED_IO_FILE) {
      continue;
    }
    fprintf(f, "iohandle %" PRIu32 " %" PRIu32 " ", h->ref, h->file);
    fputs(h->comm == OTF2_UNDEFINED_COMM ? "-1\n" : "", f);
    if (h->comm != OTF2_UNDEFINED_COMM) {
      fprintf(f, "%" PRIu32 "\n", h->comm);
    }
  }
  if (fclose(f) != 0) {
    fail("OSError: [Errno %d] %s", errno, strerror(errno));
  }
  free(rank_of.keys);
  free(rank_of.values);
}

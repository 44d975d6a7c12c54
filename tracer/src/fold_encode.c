/* benchgen tracer: the vocabulary as the folder sees it (each call's fields in slot order, from
 * mpi-vocabulary.def as the Java enums are made), and the live requests of one rank, named by age
 * as org.benchgen.rawtrace.LiveRequests names them. */
#include "fold.h"
#include "vocabulary.h"

#include <string.h>

/* The call kinds the folder needs, by name of the .def's KIND column. */
enum { CK_OTHER, CK_COMPLETION, CK_START, CK_REQUEST_FREE, CK_CANCEL, CK_PERSISTENT_INIT,
       CK_COLLECTIVE };
#define CK_INIT CK_OTHER
#define CK_FINALIZE CK_OTHER
#define CK_SEND CK_OTHER
#define CK_RECV CK_OTHER
#define CK_SENDRECV CK_OTHER
#define CK_PROBE CK_OTHER
#define CK_COMM_CREATE CK_OTHER
#define CK_COMM_FREE CK_OTHER
#define CK_LOCAL CK_OTHER
#define CK_WINDOW CK_OTHER /* one-sided communication (issue 46) */
#define CK_RMA CK_OTHER
#define CK_FILE_IO CK_OTHER /* MPI-IO: its requests are created as any other call's */

static const struct {
  const char *name, *required, *optional;
  int kind;
} CALLS[] = {
#define BG_CALL(id, name, kind, required, optional) {name, required, optional, CK_##kind},
#include "vocab_each.h"
};
/* The .def's KIND of each call, as written there (the choice sections ask for a few). */
static const char *const CALL_KINDS[] = {
#define BG_CALL(id, name, kind, required, optional) #kind,
#include "vocab_each.h"
};
static const struct {
  const char *key, *kind;
} FIELDS[] = {
#define BG_FIELD(id, key, kind) {key, #kind},
#include "vocab_each.h"
};
static const char *const SYMBOLS[] = {
#define BG_SYMBOL(id, text) text,
#include "vocab_each.h"
};
#define NFIELDS ((int) (sizeof FIELDS / sizeof FIELDS[0]))
#define NSYMBOLS ((int) (sizeof SYMBOLS / sizeof SYMBOLS[0]))
_Static_assert(NFIELDS + 2 <= FOLD_MAX_FIELDS, "fold_call.slot_of holds FOLD_MAX_FIELDS fields");

static fold_call g_calls[BGT_NOPS];
static int g_ready;
/* Per field, its kind as the folder asks for it on every event (computed once). */
static unsigned char g_list[NFIELDS + 2], g_peer[NFIELDS + 2], g_name[NFIELDS + 2],
    g_comm[NFIELDS + 2];

static int field_of_key(const char *k, size_t n) {
  for (int f = 0; f < NFIELDS; f++)
    if (strlen(FIELDS[f].key) == n && strncmp(FIELDS[f].key, k, n) == 0) return f;
  return -1;
}

static void add_fields(fold_call *c, const char *list) {
  for (const char *p = list; *p;) {
    while (*p == ' ') p++;
    const char *e = p;
    while (*e && *e != ' ') e++;
    if (e > p && c->nf < (int) (sizeof c->field / sizeof c->field[0])) {
      int f = field_of_key(p, (size_t) (e - p));
      if (f >= 0) c->field[c->nf++] = f;
    }
    p = e;
  }
}

static void ready(void) {
  if (g_ready) return;
  for (int f = 0; f < NFIELDS; f++) {
    const char *k = FIELDS[f].kind;
    g_list[f] = !strcmp(k, "LIST") || !strcmp(k, "COUNTS") || !strcmp(k, "REQS");
    g_peer[f] = !strcmp(k, "PEER");
    g_name[f] = !strcmp(k, "NAME");
    g_comm[f] = !strcmp(k, "COMM") || !strcmp(k, "NEWCOMM") || !strcmp(k, "PEERCOMM");
  }
  for (int op = 0; op < BGT_NOPS; op++) {
    fold_call *c = &g_calls[op];
    add_fields(c, CALLS[op].required);
    add_fields(c, CALLS[op].optional);
    for (int f = 0; f < (int) (sizeof c->slot_of / sizeof c->slot_of[0]); f++) c->slot_of[f] = -1;
    for (int i = 0; i < c->nf; i++) c->slot_of[c->field[i]] = (signed char) i;
    c->slot_comm = c->slot_of[F_COMM];
    c->slot_req = c->slot_of[F_REQ];
    c->slot_reqs = c->slot_of[F_REQS];
    c->slot_done = c->slot_of[F_DONE];
    c->slot_thread = c->slot_of[F_THREAD];
    int k = CALLS[op].kind;
    c->creates_request = c->slot_req >= 0 && k != CK_COMPLETION && k != CK_START
                         && k != CK_REQUEST_FREE && k != CK_CANCEL;
    size_t len = strlen(CALLS[op].name);
    int coll_init = k == CK_COLLECTIVE && len > 5 && strcmp(CALLS[op].name + len - 5, "_init") == 0;
    c->persistent = c->creates_request && (k == CK_PERSISTENT_INIT || coll_init);
    const char *kind = CALL_KINDS[op];
    c->collective = k == CK_COLLECTIVE;
    c->comm_create = !strcmp(kind, "COMM_CREATE");
    c->comm_free = !strcmp(kind, "COMM_FREE");
    c->init_or_finalize = !strcmp(kind, "INIT") || !strcmp(kind, "FINALIZE");
    /* Participants.field: the communicator whose members all make the call. */
    c->slot_sync = op == BGT_COMM_CREATE_GROUP || op == BGT_INTERCOMM_CREATE
                   || op == BGT_COMM_CREATE_FROM_GROUP || op == BGT_INTERCOMM_CREATE_FROM_GROUPS
                   ? c->slot_of[F_NEWCOMM] : -1;
  }
  g_ready = 1;
}

const fold_call *fold_call_of(int op) {
  ready();
  return &g_calls[op];
}

int fold_field_is_list(int f) {
  ready();
  return g_list[f];
}
int fold_field_is_peer(int f) {
  ready();
  return g_peer[f];
}
int fold_field_is_name(int f) {
  ready();
  return g_name[f];
}
int fold_field_is_comm(int f) {
  ready();
  return g_comm[f];
}
const char *fold_field_key(int f) { return FIELDS[f].key; }
const char *fold_op_name(int op) { return CALLS[op].name; }

const char *fold_symbol_text(int64_t v) {
  if (v <= INT64_MIN || v > INT64_MIN + NSYMBOLS + 1) return NULL;
  return v == V_UNSET ? "-" : SYMBOLS[v - INT64_MIN - 1];
}

int fold_op_count(void) { return BGT_NOPS; }

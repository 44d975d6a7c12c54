/* benchgen tracer: the compressed format (docs/compressed-format.md) as
 * org.benchgen.ir.format.CompressedTraceWriter writes it, byte for byte: strided runs of members,
 * value sequences, names percent-encoded, time lines in their positional form with their real
 * numbers at the format's precision (fold_decimals.c), and shared blocks where the trace is
 * small enough to look for them (fold_blocks.c). The file is final: no step after the job writes
 * it again (issue 50). */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "fold.h"
#include "fold_steps.h"
#include "vocabulary.h"

#include <stdlib.h>
#include <string.h>

static const char *const SYNTAX_TEXT[] = {
#define BG_SYNTAX(id, text) text,
#include "vocab_each.h"
};

/* ---- names and runs ------------------------------------------------------------------------------ */

/* Names.encode: escapes as %XX (upper case); a lone "-" (the absent symbol's text) as %2D. `also`
 * escapes more (a site line's frames escape '|', SiteLines.encode). */
void fold_name_write(FILE *o, const char *s, const char *also) {
  if (strcmp(s, "-") == 0) {
    fputs("%2D", o);
    return;
  }
  const char *esc = SYNTAX_TEXT[SYNTAX_ESCAPED_IN_NAMES];
  for (const unsigned char *p = (const unsigned char *) s; *p; p++) {
    if (*p <= 0x20 || *p >= 0x7f || strchr(esc, *p) || strchr(also, *p))
      fprintf(o, "%%%02X", *p);
    else
      fputc(*p, o);
  }
}

static void name(FILE *o, const char *s) { fold_name_write(o, s, ""); }

static void site(FILE *o, uint64_t s) { fprintf(o, "%012llx", (unsigned long long) s); }

/* IntRuns.format: the runs of a sequence, in order (fold_runs). */
static void runs(FILE *o, const int64_t *v, int n) {
  int64_t *r = fold_malloc((size_t) 3 * (n ? n : 1) * sizeof *r);
  int k = fold_runs(v, n, r);
  for (int i = 0; i < k; i++) {
    if (i > 0) fputc(',', o);
    fold_print_run(o, r[3 * i], r[3 * i + 1], r[3 * i + 2], 0);
  }
  fold_free(r);
}

/* ---- values -------------------------------------------------------------------------------------- */

/* ---- communicator numbers (CommNumbers.java) ------------------------------------------------------ */

static int by_id(const void *a, const void *b) {
  int64_t x = *(const int64_t *) a, y = *(const int64_t *) b;
  return x < y ? -1 : x > y;
}

/* A communicator's number, or 0 where it has none (not numbered, the world, a symbol). */
static int64_t comm_number(const fold_text *t, int64_t id) {
  if (!t->ncomms || id == 0 || fold_symbol_text(id)) return 0;
  const int64_t *p = bsearch(&id, t->comm_number, (size_t) t->ncomms, 2 * sizeof(int64_t), by_id);
  return p ? p[1] : -1;
}

static int defined_vnodes(const fold_text *t, vnode *const *v, int n) {
  for (int i = 0; i < n; i++) {
    if (v[i]->n == 0 ? comm_number(t, v[i]->value) < 0 : !defined_vnodes(t, v[i]->body, v[i]->n))
      return 0;
  }
  return 1;
}

/* Whether every communicator id the nodes name is defined (else ids are kept as they are). */
static int defined(const fold_text *t, inode *const *body, int n) {
  for (int k = 0; k < n; k++) {
    const inode *x = body[k];
    if (x->is_loop) {
      if (!defined(t, x->body, x->nbody)) return 0;
      continue;
    }
    const fold_call *c = fold_call_of(x->op);
    for (int i = 0; i < x->nf; i++) {
      if (!fold_field_is_comm(c->field[i])) continue;
      for (int j = 0; j < x->params[i].n; j++)
        if (!defined_vnodes(t, x->params[i].e[j].a.nodes, x->params[i].e[j].a.n)) return 0;
    }
  }
  return 1;
}

/* Numbers the communicators 1, 2, 3... in the order of their definitions, unless they already
 * are, an id is not defined, or the trace says to keep them (keep_ids). */
static void number_comms(fold_text *t, const fold_trace *tr) {
  int same = 1;
  for (int i = 0; i < tr->ndefs; i++) same &= tr->defs[i].id == i + 1;
  if (same || tr->ndefs == 0 || tr->keep_ids) return;
  t->comm_number = malloc((size_t) tr->ndefs * 2 * sizeof(int64_t));
  if (!t->comm_number) return; /* then ids are written as they are: valid, not canonical */
  for (int i = 0; i < tr->ndefs; i++) {
    t->comm_number[2 * i] = tr->defs[i].id;
    t->comm_number[2 * i + 1] = i + 1;
  }
  qsort(t->comm_number, (size_t) tr->ndefs, 2 * sizeof(int64_t), by_id);
  t->ncomms = tr->ndefs;
  if (!defined(t, tr->body, tr->n)) {
    free(t->comm_number);
    t->comm_number = NULL;
    t->ncomms = 0;
  }
}

int64_t *fold_comm_numbers(const fold_trace *tr, int *n) {
  fold_text t = {0};
  number_comms(&t, tr);
  *n = t.ncomms;
  return t.comm_number;
}

int64_t fold_comm_written(const int64_t *numbers, int n, int64_t id) {
  fold_text t = {0};
  t.comm_number = (int64_t *) numbers;
  t.ncomms = n;
  int64_t k = comm_number(&t, id);
  return k > 0 ? k : id;
}

static void scalar(fold_text *t, int field, int64_t v, int relative) {
  const char *sym = fold_symbol_text(v);
  int64_t number = field >= 0 && fold_field_is_comm(field) ? comm_number(t, v) : 0;
  if (sym) fputs(sym, t->out);
  else if (number > 0) fprintf(t->out, "%lld", (long long) number);
  else if (relative) fprintf(t->out, "%s%lld", v >= 0 ? "+" : "", (long long) v);
  else if (field >= 0 && fold_field_is_name(field)) name(t->out, t->name(v));
  else fprintf(t->out, "%lld", (long long) v);
}

static void value(fold_text *t, int field, int64_t v, int relative) {
  if (field >= 0 && fold_field_is_list(field) && !fold_symbol_text(v)) {
    size_t len;
    const int64_t *l = fold_key(t->lists, (int) v, &len);
    fputc('[', t->out);
    for (size_t i = 0; i < len / sizeof *l; i++) {
      if (i) fputc(',', t->out);
      scalar(t, field, l[i], 0);
    }
    fputc(']', t->out);
  } else {
    scalar(t, field, v, relative);
  }
}

static void nodes(fold_text *t, int field, vnode *const *v, int n, int relative) {
  for (int i = 0; i < n; i++) {
    if (i) fputc(',', t->out);
    const vnode *x = v[i];
    if (x->n == 0) {
      value(t, field, x->value, relative);
      continue;
    }
    if (x->n == 1 && x->body[0]->n == 0) {
      value(t, field, x->body[0]->value, relative);
    } else {
      fputc('(', t->out);
      nodes(t, field, x->body, x->n, relative);
      fputc(')', t->out);
    }
    fprintf(t->out, "*%lld", (long long) x->times);
  }
}

void fold_text_values(fold_text *t, int field, const vseq *s, int relative) {
  nodes(t, field, s->nodes, s->n, relative);
}

/* A parameter's entries, `;`-separated, each with `@RANKS` unless it is the node's only one. */
static void param(fold_text *t, int field, const fold_param *p, const ranklist *node) {
  for (int i = 0; i < p->n; i++) {
    const fold_entry *e = &p->e[i];
    if (i) fputc(';', t->out);
    if (e->table) fprintf(t->out, "$%d.%d", e->table->number, e->column);
    else nodes(t, field, e->a.nodes, e->a.n, e->kind == EV_RELATIVE);
    if (p->n > 1 || !ranks_equal(&e->ranks, node)) {
      fputc('@', t->out);
      ranks_print(t->out, &e->ranks);
    }
  }
}

/* A parameter's text in memory, or NULL without memory for it (the parameter is then written
 * out in full: a valid file, if not the canonical one). */
static char *param_text(fold_text *t, int field, const fold_param *p, const ranklist *node) {
  char *buf = NULL;
  size_t len = 0;
  FILE *ms = open_memstream(&buf, &len);
  if (!ms) return NULL;
  FILE *out = t->out;
  t->out = ms;
  param(t, field, p, node);
  t->out = out;
  if (fclose(ms) != 0) {
    free(buf);
    return NULL;
  }
  return buf;
}

static void forget_peers(fold_text *t) {
  for (int k = 0; k < t->above_npeers; k++) free(t->above_text[k]);
  t->above_npeers = 0;
}

/* ---- nodes --------------------------------------------------------------------------------------- */

static void indent(FILE *o, int levels) {
  for (int i = 0; i < levels; i++) fputs("  ", o);
}

static void ranks(fold_text *t, const ranklist *r, const ranklist *parent) {
  if (!ranks_equal(r, parent)) {
    fputs(" ranks=", t->out);
    ranks_print(t->out, r);
  }
}

/* A compute line's call path: ^ for the site of the call line above (CompressedTraceWriter). */
static void after(fold_text *t, uint64_t s) {
  if (t->has_above && s == t->above) fputc('^', t->out);
  else site(t->out, s);
}

/* A histogram in its positional form (issue 21): V or V*N where every value is the same, else
 * MIN..MAX mean= sd= bins= (the count is the bins'). */
static void histogram(fold_text *t, const fold_hist *h) {
  char mean[400], sd[400]; /* a double in plain digits: up to ~330 */
  if (h->count > 0 && h->min == h->max) {
    fprintf(t->out, " %lld", (long long) h->min);
    if (h->count > 1) fprintf(t->out, "*%lld", (long long) h->count);
    return;
  }
  int64_t bins[65], binned = 0;
  hist_bins(h, bins);
  for (int k = 0; k < 65; k++) binned += bins[k];
  if (h->count > 0 && binned == h->count)
    fprintf(t->out, " %lld..%lld", (long long) h->min, (long long) h->max);
  else
    fprintf(t->out, " n=%lld min=%lld max=%lld", (long long) h->count, (long long) h->min,
            (long long) h->max);
  fold_mean_text(mean, sizeof mean, h->mean, h->min, h->max);
  fold_sd_text(sd, sizeof sd, h->sd);
  fprintf(t->out, " mean=%s sd=%s bins=", mean, sd);
  /* A bin next to the one before is its count alone (CompressedTraceWriter). */
  int previous = -2;
  for (int k = 0; k < 65; k++) {
    if (!bins[k]) continue;
    if (previous >= -1) fputc(',', t->out);
    if (k != previous + 1) fprintf(t->out, "%d:", k);
    fprintf(t->out, "%lld", (long long) bins[k]);
    previous = k;
  }
}

static void cpu(fold_text *t, int has, double ns) {
  if (has) {
    char b[400];
    fold_mean_text(b, sizeof b, ns, 0, INT64_MAX);
    fprintf(t->out, " cpu=%s", b);
  }
  fputc('\n', t->out);
}

/* `loop [ranks=R] trips=T`, ranks written where they are not the parent's. */
static void loop_line(fold_text *t, const inode *n, const ranklist *parent) {
  fputs("loop", t->out);
  ranks(t, &n->ranks, parent);
  fputs(" trips=", t->out);
  param(t, -1, &n->trips, &n->ranks);
}

/* `MPI_X site=S [ranks=R] key=P ...`; with `shorthands`, a peer field whose text a peer field of
 * the call line above has, and is longer than ^KEY, as ^KEY (CompressedTraceWriter.samePeers),
 * each peer field's text kept in pf/pt (np of them) for the line below. */
static void call_line(fold_text *t, const inode *n, const ranklist *parent, int shorthands,
                      int *np, int *pf, char **pt) {
  FILE *o = t->out;
  const fold_call *c = fold_call_of(n->op);
  fputs(fold_op_name(n->op), o);
  fputs(" site=", o);
  site(o, n->site);
  ranks(t, &n->ranks, parent);
  *np = 0;
  for (int i = 0; i < n->nf; i++) {
    if (n->params[i].n == 0) continue;
    fprintf(o, " %s=", fold_field_key(c->field[i]));
    char *s = shorthands && fold_field_is_peer(c->field[i]) && *np < 3
        ? param_text(t, c->field[i], &n->params[i], &n->ranks) : NULL;
    if (!s) {
      param(t, c->field[i], &n->params[i], &n->ranks);
      continue;
    }
    const char *ref = NULL;
    for (int k = 0; k < t->above_npeers && !ref; k++) {
      const char *key = fold_field_key(t->above_field[k]);
      if (strcmp(t->above_text[k], s) == 0 && strlen(s) > strlen(key) + 1) ref = key;
    }
    if (ref) fprintf(o, "^%s", ref);
    else fputs(s, o);
    pf[*np] = c->field[i];
    pt[(*np)++] = s;
  }
}

/* A call: its line, then its times (those of the node, or a block's pooled ones). */
static void call(fold_text *t, const inode *n, const fold_stat *stats, int nstats,
                 const fold_hist *duration, const ranklist *parent, int depth) {
  FILE *o = t->out;
  indent(o, depth);
  int np, pf[3];
  char *pt[3];
  call_line(t, n, parent, 1, &np, pf, pt);
  fputc('\n', o);
  int64_t intervals = 0;
  for (int i = 0; i < nstats; i++) {
    const fold_stat *s = &stats[i];
    intervals = intervals > INT64_MAX - s->time.count ? INT64_MAX : intervals + s->time.count;
    if (s->nclasses == 0) {
      indent(o, depth + 2);
      fputs("compute ", o);
      after(t, s->after);
      histogram(t, &s->time);
      cpu(t, s->has_cpu, s->cpu);
    }
    for (int k = 0; k < s->nclasses; k++) {
      indent(o, depth + 2);
      fputs("compute ", o);
      after(t, s->after);
      fputs(" ranks=", o);
      ranks_print(o, &s->classes[k].ranks);
      histogram(t, &s->classes[k].time);
      cpu(t, s->classes[k].has_cpu, s->classes[k].cpu);
    }
  }
  /* A call's time is its count and mean (CallTime.java); the count is left out where the compute
   * lines above count as many calls (all but a rank's first have an interval before them). */
  indent(o, depth + 2);
  fputs("duration ", o);
  if (duration->count == 0) {
    fputs("n=0", o);
  } else {
    char b[400];
    fold_mean_text(b, sizeof b, duration->mean, 0, (int64_t) 1 << 62);
    fputs(b, o);
    if (duration->count != intervals) fprintf(o, "*%lld", (long long) duration->count);
  }
  fputc('\n', o);
  t->has_above = 1;
  t->above = n->site;
  forget_peers(t);
  for (int k = 0; k < np; k++) {
    t->above_field[k] = pf[k];
    t->above_text[k] = pt[k];
  }
  t->above_npeers = np;
}

/* A node of a trace written without blocks. */
static void node(fold_text *t, const inode *n, const ranklist *parent, int depth) {
  if (!n->is_loop) {
    call(t, n, n->stats, n->nstats, &n->duration, parent, depth);
    return;
  }
  indent(t->out, depth);
  loop_line(t, n, parent);
  fputs(" {\n", t->out);
  for (int i = 0; i < n->nbody; i++) node(t, n->body[i], &n->ranks, depth + 1);
  indent(t->out, depth);
  fputs("}\n", t->out);
}

/* A line of a trace written with blocks: a call, a loop, or a use of a block. */
static void item(fold_text *t, const fold_item *it, const ranklist *parent, int depth) {
  if (it->kind == FI_CALL) {
    call(t, it->node, it->stats, it->nstats, &it->duration, parent, depth);
  } else if (it->kind == FI_USE) {
    indent(t->out, depth);
    fprintf(t->out, "use %d n=%lld\n", it->block, (long long) it->calls);
  } else {
    indent(t->out, depth);
    loop_line(t, it->node, parent);
    fputs(" {\n", t->out);
    for (int i = 0; i < it->body.n; i++) item(t, it->body.v[i], &it->node->ranks, depth + 1);
    indent(t->out, depth);
    fputs("}\n", t->out);
  }
}

/* A line's text in memory, ranks as at the top and no shorthands: what tells nodes apart for
 * the blocks (CompressedTraceWriter.callText, loopText). */
static char *line_text(void *ctx, const inode *n, size_t *len) {
  fold_text *t = ctx;
  char *buf = NULL;
  FILE *ms = open_memstream(&buf, len);
  if (!ms) {
    fputs("benchgen-trace: out of memory while writing the trace\n", stderr);
    abort();
  }
  FILE *out = t->out;
  t->out = ms;
  if (n->is_loop) {
    loop_line(t, n, &t->world);
  } else {
    int np, pf[3];
    char *pt[3];
    call_line(t, n, &t->world, 0, &np, pf, pt);
  }
  t->out = out;
  if (fclose(ms) != 0) {
    fputs("benchgen-trace: out of memory while writing the trace\n", stderr);
    abort();
  }
  return buf;
}

void fold_text_write(fold_text *t, const fold_trace *tr) {
  t->has_above = 0;
  t->above_npeers = 0;
  t->comm_number = NULL;
  t->ncomms = 0;
  number_comms(t, tr);
  fprintf(t->out, "benchgen-compressed 1\nworld %d\n", tr->world);
  for (int i = 0; i < tr->ndefs; i++) {
    const fold_def *c = &tr->defs[i];
    fprintf(t->out, "comm %lld members=", (long long) (t->ncomms ? i + 1 : c->id));
    runs(t->out, c->members, c->nmembers);
    if (c->nremote > 0) {
      fputs(" remote=", t->out);
      runs(t->out, c->remote, c->nremote);
    }
    fputc('\n', t->out);
  }
  if (t->sites) fputs(t->sites, t->out); /* where the call sites lie (site_lines.c) */
  fold_choice_lines(t->out, tr);
  int world_run[3] = {0, 1, tr->world};
  t->world = (ranklist) {world_run, 1, tr->world};
  if (!fold_blocks_looks_for(tr)) {
    for (int i = 0; i < tr->n; i++) node(t, tr->body[i], &t->world, 0);
  } else {
    fold_shared sh;
    fold_lines lines = {t, line_text, line_text};
    fold_blocks(&sh, tr, &lines);
    for (int k = 0; k < sh.nblocks; k++) {
      /* A block's ranks are written as at the top: it has no one place. */
      fprintf(t->out, "block %d {\n", k + 1);
      for (int i = 0; i < sh.blocks[k]->n; i++) item(t, sh.blocks[k]->v[i], &t->world, 1);
      fputs("}\n", t->out);
    }
    for (int i = 0; i < sh.top.n; i++) item(t, sh.top.v[i], &t->world, 0);
    fold_shared_free(&sh);
  }
  forget_peers(t);
  free(t->comm_number);
  t->comm_number = NULL;
  t->ncomms = 0;
}

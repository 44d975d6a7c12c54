/* benchgen tracer: the `choice` and `column` lines of a trace's step-choice tables
 * (docs/compressed-format.md, "Step choices"), as org.benchgen.ir.format.ChoiceLines writes them:
 * the configurations packed most significant bit first at ceil(log2 configs) bits (at least 1),
 * in base64 without padding, then each column's values, symbols by their names. */
#include "fold.h"
#include "fold_steps.h"

static const char B64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static int bits_for(int configs) {
  int b = 0;
  while (b < 31 && (1 << b) < configs) b++;
  return b ? b : 1;
}

static void data(FILE *o, const fold_choice *c) {
  int bits = bits_for(c->configs);
  size_t nbytes = ((size_t) c->steps * (size_t) bits + 7) / 8;
  unsigned char *p = fold_calloc(nbytes ? nbytes : 1, 1);
  for (int i = 0; i < c->steps; i++)
    for (int b = 0; b < bits; b++)
      if (c->seq[i] >> (bits - 1 - b) & 1) {
        size_t at = (size_t) i * (size_t) bits + (size_t) b;
        p[at >> 3] |= (unsigned char) (0x80u >> (at & 7));
      }
  for (size_t i = 0; i < nbytes; i += 3) {
    unsigned v = (unsigned) p[i] << 16 | (i + 1 < nbytes ? (unsigned) p[i + 1] << 8 : 0)
                 | (i + 2 < nbytes ? p[i + 2] : 0);
    size_t chars = nbytes - i >= 3 ? 4 : nbytes - i + 1;
    for (size_t k = 0; k < chars; k++) fputc(B64[v >> (18 - 6 * k) & 63], o);
  }
  fold_free(p);
}

void fold_choice_lines(FILE *o, const fold_trace *tr) {
  for (int i = 0; i < tr->nchoices; i++) {
    const fold_choice *c = tr->choices[i];
    if (c->number == 0) continue;
    fprintf(o, "choice %d configs=%d steps=%d data=", c->number, c->configs, c->steps);
    data(o, c);
    fputc('\n', o);
    for (int j = 0; j < c->ncols; j++) {
      fprintf(o, "column %d.%d", c->number, j + 1);
      if (c->when[j] > 0) fprintf(o, " when=%d.%d", c->number, c->when[j]);
      for (int k = 0; k < c->configs; k++) {
        const char *sym = fold_symbol_text(c->cols[j][k]);
        fputc(k ? ',' : ' ', o);
        if (sym) fputs(sym, o);
        else fprintf(o, "%lld", (long long) c->cols[j][k]);
      }
      fputc('\n', o);
    }
  }
}

void fold_choice_free(fold_choice *c) {
  if (!c) return;
  for (int j = 0; j < c->ncols; j++) fold_free(c->cols[j]);
  fold_free(c->cols);
  fold_free(c->when);
  fold_free(c->seq);
  fold_free(c);
}

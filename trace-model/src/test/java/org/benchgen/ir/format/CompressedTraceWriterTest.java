package org.benchgen.ir.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.benchgen.trace.SymbolTable;
import org.junit.jupiter.api.Test;

class CompressedTraceWriterTest {
  @Test
  void writesTheStructureAsTheTextWrittenByHand() {
    assertEquals(SampleTrace.TEXT,
        CompressedTraceWriter.toString(SampleTrace.trace(new SymbolTable())));
  }

  @Test
  void writesWhatItReadsBackByteForByte() {
    String read = CompressedTraceWriter.toString(
        HandWrittenTrace.read(SampleTrace.TEXT.split("\n")));
    assertEquals(SampleTrace.TEXT, read);
  }
}

package org.benchgen.query;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * The decompressors Apache Parquet's reader needs for DuckDB's files (Snappy, DuckDB's default, and
 * none), without Hadoop: parquet-hadoop's own codec factory builds a Hadoop configuration, which
 * needs Hadoop's runtime on the class path.
 */
final class SnappyCodecs implements CompressionCodecFactory {
  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName codec) {
    throw new UnsupportedOperationException("reading only");
  }

  @Override
  public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
    if (codec != CompressionCodecName.SNAPPY && codec != CompressionCodecName.UNCOMPRESSED) {
      throw new UnsupportedOperationException(codec + ": the test reads Snappy files");
    }
    boolean snappy = codec == CompressionCodecName.SNAPPY;
    return new BytesInputDecompressor() {
      @Override
      public BytesInput decompress(BytesInput bytes, int size) throws IOException {
        return snappy ? BytesInput.from(Snappy.uncompress(bytes.toByteArray())) : bytes;
      }

      @Override
      public void decompress(ByteBuffer in, int inSize, ByteBuffer out, int outSize)
          throws IOException {
        byte[] a = new byte[inSize];
        in.get(a);
        out.put(snappy ? Snappy.uncompress(a) : a);
      }

      @Override
      public void release() {}
    };
  }

  @Override
  public void release() {}
}

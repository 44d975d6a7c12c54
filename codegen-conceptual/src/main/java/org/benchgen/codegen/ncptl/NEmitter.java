package org.benchgen.codegen.ncptl;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.benchgen.codegen.ComputeMode;
import org.benchgen.codegen.Emitter;
import org.benchgen.codegen.GeneratedFile;
import org.benchgen.codegen.Generation;
import org.benchgen.codegen.IrregularSections;
import org.benchgen.codegen.LoopContext;
import org.benchgen.codegen.ModelRenderer;
import org.benchgen.codegen.RsdContext;
import org.benchgen.codegen.SafeText;
import org.benchgen.codegen.Unexpressible;
import org.benchgen.codegen.output.Condition;
import org.benchgen.codegen.output.Loop;
import org.benchgen.codegen.output.OutputModel;
import org.benchgen.codegen.output.Value;
import org.benchgen.ir.Rsd;
import org.benchgen.trace.Field;
import org.benchgen.trace.Op;
import org.benchgen.trace.OpKind;

/**
 * Builds the coNCePTuaL output model. Every statement names exactly the tasks that made the
 * traced call (the RSD's ranks, split where a message's size, tag or communicator differs by
 * rank, since a message cannot depend on the task variable: {@link Parts}); sends go to
 * UNSUSPECTING tasks and receives are explicit, so each task posts its operations in the traced
 * order ({@link PointToPoint}). Communicators become absolute task sets; collectives become
 * SYNCHRONIZE, MULTICAST and REDUCE ({@link Collectives}). Values that change from one execution
 * to the next become expressions of the enclosing loops' indices ({@link PartValues}). A wait
 * is an AWAIT COMPLETION only where it leaves nothing open ({@link Completions}).
 */
final class NEmitter implements Emitter {
  private final Emission e;
  private final ModelRenderer renderer = new ModelRenderer(NEmitter.class, "conceptual.stg");
  private final PointToPoint p2p;
  private final Collectives collectives;
  private final RegionScales scales;
  private final DataSections sections;

  NEmitter(Generation g) {
    this.e = new Emission(g);
    this.p2p = new PointToPoint(e);
    this.collectives = new Collectives(e);
    this.scales = new RegionScales(g.regions(), r -> e.micros(r).isPresent(), e);
    this.sections = new DataSections(e, p2p, collectives);
    if (g.options().compute() == ComputeMode.SAMPLE) {
      e.note("--compute sample: coNCePTuaL programs cannot draw from a histogram, so each"
          + " interval is its mean");
    }
  }

  @Override
  public List<OutputModel> rsd(RsdContext c) {
    Rsd r = c.rsd();
    e.here = c.enclosing();
    List<OutputModel> out = new ArrayList<>();
    e.micros(r).ifPresent(us -> e.parts.of(r).forEach(p -> out.add(
        new NModel.Compute(e.tasks.who(p, false), us))));
    if (r.op() == Op.INIT_THREAD) {
      e.note("MPI_Init_thread is MPI_Init: coNCePTuaL cannot ask for a thread level");
    }
    if (r.op().kind() != OpKind.INIT && r.op() != Op.FINALIZE) {
      try {
        out.addAll(call(r));
      } catch (Unexpressible u) {
        throw new Unexpressible(SafeText.printable(r.op().mpiName() + " at " + r.site()) + ": "
            + u.getMessage());
      }
    }
    if (out.isEmpty()) {
      return List.of();
    }
    String site = SafeText.shortened(SafeText.printable(r.op().mpiName() + " at " + r.site()));
    return List.of(new NModel.Commented(site, out));
  }

  @Override
  public OutputModel loop(LoopContext l, List<OutputModel> body) {
    List<OutputModel> flat = flatten(body);
    if (flat.isEmpty()) {
      return new Group(List.of());
    }
    // After the body: the values in it have said whether they read this loop's index and what
    // counts they need bound at the top of its body.
    Value trips = e.values.trips(l);
    boolean indexed = e.indexed.contains(l.loop());
    Map<String, Value> lets = e.counts.bindings(l.loop());
    if (!lets.isEmpty()) {
      flat = List.of(new NModel.Let(lets.entrySet().stream()
          .map(b -> new NModel.Binding(b.getKey(), b.getValue())).toList(),
          new NModel.Block(flat)));
    }
    OutputModel loop = new Loop(l.variable(), trips,
        org.benchgen.codegen.Expressions.add(trips, -1), indexed, List.of(), flat);
    if (indexed && e.counts.mayBeEmpty(l.loop())) {
      loop = new NModel.IfPositive(trips, loop);
    }
    if (l.region().isEmpty()) {
      return loop;
    }
    int n = l.region().getAsInt();
    return new NModel.Region(n, scales.scaled(n), false, loop);
  }

  /** A section as steps read from a data file ({@link DataSections}), not node by node. */
  @Override
  public List<OutputModel> section(int number, IrregularSections.Span span,
      Supplier<List<OutputModel>> nodeByNode) {
    return sections.section(number, span, scales.scaled(number));
  }

  @Override
  public OutputModel guard(Condition ranks, List<OutputModel> body) {
    // Every statement already names exactly its tasks.
    return new Group(body);
  }

  @Override
  public List<GeneratedFile> program(List<OutputModel> body) {
    String name = e.g.options().name();
    List<String> about = List.of(
        "Generated by benchgen from a trace of " + e.world + " ranks. Each statement names the"
            + " tasks that made the traced call; the comment",
        "above it names the call and its source line. Compute: the "
            + (e.g.options().compute() == ComputeMode.SAMPLE ? ComputeMode.MEAN
                : e.g.options().compute()).label()
            + " of each interval, in whole microseconds.");
    NModel.Program p = new NModel.Program(SafeText.printable(name), e.world, about,
        e.g.approximations().lines().stream().map(SafeText::printable).toList(),
        scales.parameters(), ending(flatten(body)));
    List<GeneratedFile> files = new ArrayList<>(List.of(new GeneratedFile(name + ".ncptl",
        renderer.render(p))));
    files.addAll(e.files);
    return files;
  }

  /** {@code body}, then, where a wait was left out, every task's AWAIT COMPLETION. */
  private List<OutputModel> ending(List<OutputModel> body) {
    if (!e.deferred) {
      return body;
    }
    List<OutputModel> out = new ArrayList<>(body);
    out.add(new NModel.Commented("messages of waits left out complete here",
        List.of(new NModel.Await(new NModel.AllTasks(false)))));
    return out;
  }

  /** Nested groups (guards, empty loops) flattened into their parent's statement list. */
  private record Group(List<OutputModel> body) implements OutputModel {}

  private static List<OutputModel> flatten(List<OutputModel> body) {
    List<OutputModel> out = new ArrayList<>();
    for (OutputModel m : body) {
      if (m instanceof Group grp) {
        out.addAll(flatten(grp.body()));
      } else {
        out.add(m);
      }
    }
    return out;
  }

  private List<OutputModel> call(Rsd r) {
    Op op = r.op();
    return switch (op.kind()) {
      case SEND -> p2p.sends(r, op.createsRequest());
      case RECV -> p2p.receives(r, op == Op.IRECV, Field.COUNT, Field.TSIZE, Field.TAG);
      case SENDRECV -> p2p.sendrecv(r);
      case COMPLETION -> p2p.awaits(r);
      case PROBE -> {
        e.note(op.mpiName() + " was left out (it moves no data)");
        yield List.of();
      }
      case PERSISTENT_INIT, REQUEST_FREE -> List.of();
      case CANCEL -> throw new Unexpressible("coNCePTuaL cannot cancel a message");
      case START -> throw new Unexpressible("coNCePTuaL has no persistent requests, and"
          + " leaving their messages out would leave their peers waiting");
      case COMM_CREATE, COMM_FREE -> {
        e.note(op.mpiName() + " was left out: communicators are written as the absolute task"
            + " sets they hold");
        yield List.of();
      }
      case COLLECTIVE -> collectives.collective(r);
      case LOCAL -> {
        e.note(op.mpiName() + " was left out (it involves no other task)");
        yield List.of();
      }
      case INIT, FINALIZE -> List.of();
      // Refused before (Target.cannotMake): coNCePTuaL has no one-sided communication.
      case WINDOW, RMA -> throw new Unexpressible(op.mpiName() + " is one-sided communication,"
          + " which coNCePTuaL has no way to say");
      // coNCePTuaL has no files: leaving the I/O out would be a benchmark without its I/O.
      case FILE_IO -> throw new Unexpressible("coNCePTuaL has no file I/O (" + op.mpiName()
          + ")");
    };
  }
}

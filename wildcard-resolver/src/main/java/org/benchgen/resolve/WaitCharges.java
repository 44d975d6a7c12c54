package org.benchgen.resolve;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.benchgen.stats.WaitTimes;
import org.benchgen.trace.Op;
import org.benchgen.traverse.Step;

/**
 * Charges waiting time as the matching simulation matches calls (MPInside's late sender and
 * collective wait): a blocking receive or probe, or a wait that completes receives, waits for
 * the latest of their senders to start, at most for its own duration; a collective's member
 * waits for the last member to enter, at most for its own duration. The same facts tell the
 * clock when a call cannot have ended sooner ({@link CallClock#atLeast}, which {@link
 * CausalClock} honours). {@link #NONE} keeps no times, for resolution alone.
 */
final class WaitCharges {
  static final WaitCharges NONE = new WaitCharges();

  /** A wait (at its enter and exit times) on receives not all matched when it was called. */
  private record Pending(Op op, long enter, long exit, List<PostedReceive> receives) {}

  /** A blocking probe (at its enter and exit times) that found no message when it was called. */
  private record Probing(Op op, long enter, long exit) {}

  /** A member in a collective in progress. */
  private record Arrival(int rank, Op op, long enter, long exit) {}

  private final boolean on;
  private final CallClock clock;
  private final WaitTimes.Builder times;
  private final Pending[] pending;
  private final Probing[] probing;
  private final Map<Long, List<Arrival>> arrivals = new HashMap<>();

  private WaitCharges() {
    on = false;
    clock = null;
    times = null;
    pending = new Pending[0];
    probing = new Probing[0];
  }

  WaitCharges(CallClock clock, WaitTimes.Builder times, int world) {
    this.on = true;
    this.clock = clock;
    this.times = times;
    this.pending = new Pending[world];
    this.probing = new Probing[world];
  }

  /** Rank {@code r} is about to execute {@code s}. */
  void call(int r, Step s) {
    if (on) {
      clock.advance(r, s);
    }
  }

  long enter(int r) {
    return on ? clock.enter(r) : 0;
  }

  long exit(int r) {
    return on ? clock.exit(r) : 0;
  }

  /** A receive matched; a blocking one waited for its sender. */
  void matched(PostedReceive x, Message m) {
    if (on && x.blocking) {
      times.lateSender(x.owner, x.op, late(x.enter, x.exit, m.sendEnter));
      clock.atLeast(x.owner, m.sendEnter);
    }
  }

  /**
   * Rank {@code r}'s current call waits for requests, {@code receives} among them; {@code blocks}
   * when some are not done yet, and the charge waits until the rank is woken.
   */
  void waitCall(int r, Op op, List<PostedReceive> receives, boolean blocks) {
    if (!on || receives.isEmpty()) {
      return;
    }
    Pending p = new Pending(op, clock.enter(r), clock.exit(r), receives);
    if (blocks) {
      pending[r] = p;
    } else {
      charge(r, p);
    }
  }

  /**
   * Rank {@code r}'s current call, a blocking probe, found {@code found}: it waited for that
   * message's send; without one, it waits for the send that {@link #probed} brings.
   */
  void probe(int r, Op op, java.util.Optional<Message> found) {
    if (!on) {
      return;
    }
    if (found.isPresent()) {
      times.lateSender(r, op, late(clock.enter(r), clock.exit(r), found.get().sendEnter));
      clock.atLeast(r, found.get().sendEnter);
    } else {
      probing[r] = new Probing(op, clock.enter(r), clock.exit(r));
    }
  }

  /** The message {@code m} ends rank {@code r}'s blocked probe. */
  void probed(int r, Message m) {
    if (on && probing[r] != null) {
      Probing p = probing[r];
      times.lateSender(r, p.op(), late(p.enter(), p.exit(), m.sendEnter));
      clock.atLeast(r, m.sendEnter);
      probing[r] = null;
    }
  }

  /** Rank {@code r} may run again: what it waited for is done. */
  void woken(int r) {
    if (on && pending[r] != null) {
      charge(r, pending[r]);
      pending[r] = null;
    }
  }

  private void charge(int r, Pending p) {
    long lastSend = Long.MIN_VALUE;
    for (PostedReceive x : p.receives()) {
      if (x.message != null) {
        lastSend = Math.max(lastSend, x.message.sendEnter);
      }
    }
    times.lateSender(r, p.op(), late(p.enter(), p.exit(), lastSend));
    if (lastSend != Long.MIN_VALUE) {
      clock.atLeast(r, lastSend);
    }
  }

  /** Rank {@code r}'s current call, {@code op}, arrives at a collective on {@code comm}. */
  void arrive(int r, Op op, long comm) {
    if (on) {
      arrivals.computeIfAbsent(comm, k -> new ArrayList<>())
          .add(new Arrival(r, op, clock.enter(r), clock.exit(r)));
    }
  }

  /** The last member arrived at the collective on {@code comm}. */
  void collectiveDone(long comm) {
    if (!on) {
      return;
    }
    List<Arrival> all = arrivals.remove(comm);
    long last = all.stream().mapToLong(Arrival::enter).max().orElse(0);
    for (Arrival a : all) {
      times.collectiveWait(a.rank(), a.op(), late(a.enter(), a.exit(), last));
      clock.atLeast(a.rank(), last);
    }
  }

  /** The time from {@code enter} until {@code until}, within the call's {@code enter..exit}. */
  private static long late(long enter, long exit, long until) {
    return until == Long.MIN_VALUE ? 0 : Math.max(0, Math.min(exit, until) - enter);
  }
}

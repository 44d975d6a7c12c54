/**
 * The network a trace ran on, as LogGOPSim's LogGOP parameters (L, o, g, G) fitted from the
 * trace's own point-to-point times (docs/simulation.md, "Parameters fitted from the trace").
 *
 * <p>{@link org.benchgen.network.MessageTimes} reads a rank's calls in order (from a rank's stream,
 * where every call has its own times, or from a compressed trace's means) and keeps what measures
 * a message: a ping-pong's round trip (a blocking send to a peer, then a blocking receive from it,
 * while that peer receives and then sends), halved, and an exchange (a receive posted, a send to
 * the same peer, the wait) as one message's time; the time of small blocking sends (the
 * overhead o). {@link org.benchgen.network.LogGopFit} takes the lower envelope of each size's
 * times (a receive that waits includes its sender's lateness, which no model of the network
 * should learn) and fits them by weighted least squares (Commons Math), or refuses, saying why.
 * The cost is linear in the calls read; memory is bounded per size.
 */
package org.benchgen.network;

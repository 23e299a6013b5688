import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request is not read whole within `seconds`
/// of its head, or whose answer is not taken whole within `seconds` after
/// that: a client that trickles a byte now and then (a slow body, a slow
/// reader) holds a connection and its buffers for a bounded time. Waiting
/// between requests, and for a head, is Hummingbird's idle timeout.
final class RequestDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let limit: TimeAmount
    private var timer: Scheduled<Void>?
    /// Between a request's head and its end, and whether it was answered
    /// (an answer may come before the body is read, which still must end).
    private var reading = false
    private var answered = false

    init(seconds: Int) {
        limit = .seconds(Int64(seconds))
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            (reading, answered) = (true, false)
            restart(context)
        case .end:
            reading = false
            if answered { stop() } else { restart(context) }
        case .body:
            break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            answered = true
            if !reading { stop() }
        }
        context.write(data, promise: promise)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    private func restart(_ context: ChannelHandlerContext) {
        stop()
        let loop = context.eventLoop.assumeIsolated()
        timer = loop.scheduleTask(in: limit) { context.close(promise: nil) }
    }

    private func stop() {
        timer?.cancel()
        timer = nil
    }
}

import Foundation
import Logging
import NIOCore
import NIOHTTP1

/// Watches one HTTP/1 connection between the parser and Hummingbird:
/// - read timeouts for headers (from accept for the first request, so a connection that sends
///   nothing is closed as soon as a slow one) and bodies, and an idle keep-alive timeout
///   (`ConnectionLimits`), and a write timeout: an answer the client takes nothing of for
///   `writeTimeout` (the close grace, once the server is stopping) closes the connection;
/// - answers what the framework would answer with a bare `400` (framing errors between requests,
///   a missing or repeated `Host` on HTTP/1.1, an absolute-form target, `CONNECT`) in the server's
///   own form (`RefusalBody`), then closes;
/// - on shutdown, answers the requests in progress and those that arrive within the close grace,
///   the last with `Connection: close`, and closes idle connections, always by closing its own
///   side first and reading what the client still sends, so the client sees an orderly end and
///   never a reset;
/// - sends `100 Continue` to a client that waits for it before sending a body, once the handler
///   reads that body (`ContinueOnFirstRead`); a request answered before (its body too large, say)
///   is answered at once, without it, and the connection closes, as the body may follow or not;
/// - passes a request pipelined behind another on only once the answer before it has ended, and
///   not at all when that answer says the connection closes (RFC 9112 §9.6): the client sends it
///   again on a new connection, where it would otherwise run twice;
/// - answers an HTTP/1.0 request in HTTP/1.0. Hummingbird writes every response head as HTTP/1.1,
///   so NIO's encoder would send a body of unknown length (a live feed, an export) chunked, which
///   an HTTP/1.0 client cannot read and must not be sent (RFC 9112 §6.1); in HTTP/1.0 such a body
///   goes as it is and ends when the connection does.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// A part of a request, the error that broke it, or the client's end of sending (`inputClosed`),
    /// in the order the handlers after this one get them.
    private enum Inbound {
        case part(HTTPServerRequestPart)
        case error(any Error)
        case event(Any)
    }

    private enum Reading {
        /// Waiting for the first byte of the next request.
        case betweenRequests
        /// Bytes of a request arrived; its headers are not complete.
        case head
        /// The headers arrived; the body has not ended.
        case body
        /// Everything after this is dropped: the connection is closing.
        case closing
    }

    private let limits: ConnectionLimits
    private let silentConnections: SilentConnections
    /// This connection's place among the silent ones, until its first byte.
    private var silentTicket: Int?
    /// Whether `silentConnections` counts this connection as open.
    private var holdsSlot = false
    private let refusalBody: RefusalBody
    private let logger: Logger
    private var reading = Reading.betweenRequests
    /// No request has started yet: the header timer runs from accept, not from the first byte.
    private var isAwaitingFirstRequest = true
    /// Requests whose head arrived and whose response has not ended.
    private var requestsInProgress = 0
    /// The requests whose response has not started, oldest first: their HTTP versions, and whether
    /// the connection is kept after each.
    private var requestsToAnswer = CircularBuffer<(version: HTTPVersion, keepsConnection: Bool)>()
    /// A request that asked to close the connection has been read: whatever a client pipelined
    /// after it is not served (RFC 9112 §9.6), as the client is told the connection closes.
    private var readTheLastRequest = false
    /// Whether the response being written answers an HTTP/1.0 request (and so is not chunked).
    private(set) var isAnsweringHTTP10 = false
    /// The answer being sent is an HTTP/1.0 body of unknown length, which only the connection's end ends.
    private var bodyEndsWithConnection = false
    private var closeAfterResponse = false
    /// The request being read waits for `100 Continue` before it sends its body.
    private var continueOwed = false
    /// An answer owed for a request that broke while an earlier one was still being answered.
    private var pendingRefusal: ConnectionRefusal?
    /// The header, body or idle timeout running now (or, once closing, the close grace).
    private var timeout: ConnectionDeadline?
    /// When the body being read started, and how many of its bytes have arrived.
    private var body: (start: NIODeadline, bytes: Int)?
    /// When this connection will have been silent for the patience of `silentConnections`.
    private var silenceCheck: Scheduled<Void>?
    private var context: ChannelHandlerContext?
    /// What arrived of requests pipelined behind the one being answered, in order, until that answer ends.
    private var held = CircularBuffer<Inbound>()
    private static let partsHeldWhileReading = 8
    /// A read the handlers after this one asked for while requests were held: done once they are passed on.
    private var isReadDeferred = false
    /// The response being written says, on its own account, that the connection closes after it.
    private var responseSaysClose = false
    /// When the orderly close began: the answers are written and our side is closing.
    private var lingeringSince: NIODeadline?
    /// Everything written before the close is in the kernel's hands, and our side is closed.
    private var isOutputClosed = false
    /// The server is stopping: a close under way waits no longer than the close grace.
    private var isStopping = false
    /// Closes the connection when the answer's writes have waited too long for the client (`writeTimeout`).
    private var writeStall: Scheduled<Void>?
    /// Once the server is stopping, ends the reading of new requests after the close grace.
    private var lastRequestsCall: Scheduled<Void>?

    init(limits: ConnectionLimits, silentConnections: SilentConnections, refusalBody: RefusalBody, logger: Logger) {
        self.limits = limits
        self.silentConnections = silentConnections
        self.refusalBody = refusalBody
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        let shortest = min(limits.headerTimeout, limits.bodyTimeout, limits.idleTimeout)
        timeout = ConnectionDeadline(eventLoop: context.eventLoop, granularity: TimeAmount(shortest))
        if context.channel.isActive { startFirstRequestTimer() }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stopWatching()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        startFirstRequestTimer()
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopWatching()
        context.fireChannelInactive()
    }

    /// Stops every timer and gives up the connection's slot: the connection is gone.
    private func stopWatching() {
        endWriteStall()
        lastRequestsCall?.cancel()
        timeout?.stop()
        endSilence()
        freeSlot()
    }

    /// Called by `RequestBytesWatch` when bytes arrive, before the parser sees them.
    func bytesArrived() {
        guard reading == .betweenRequests else { return }
        reading = .head
        if isAwaitingFirstRequest {
            // The timer started at accept goes on: silence before the first byte counts too.
            isAwaitingFirstRequest = false
            endSilence()
            return
        }
        schedule(after: limits.headerTimeout) { $0.headerTimedOut() }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        switch (reading, part) {
        case (.closing, _):
            return
        case (_, .head(let head)):
            if let refusal = ConnectionRefusal(refusing: head) {
                logger.debug("Refused request", metadata: ["method": "\(head.method)", "status": "\(refusal.status.code)"])
                refuse(refusal)
                return
            }
            if requestsInProgress > 0, bodyEndsWithConnection || requestsToAnswer.contains(where: { $0.version == .http1_0 }) {
                // Behind an answer that ends with the connection (an HTTP/1.0 body of unknown
                // length, say), or an HTTP/1.0 request whose answer may: this request would run
                // unanswered. It is not read; the connection closes after the answers before it,
                // and the client sends it again on a new one (RFC 9112 9.3.2).
                logger.debug("Request pipelined behind an answer that ends the connection: not read")
                closeAfterResponse = true
                reading = .closing
                return
            }
            let isBehindAnother = requestsInProgress > 0
            // The client waits for `100 Continue` before it sends the body (curl, for a second). With
            // an answer to an earlier request still on its way, it would break into that answer.
            continueOwed = !isBehindAnother && Self.expectsContinue(head)
            requestsInProgress += 1
            // After a request asking to switch protocols (`Upgrade: h2c`), which these servers do
            // not, NIO's parser reads no more of the connection: the answer closes it, and the
            // client sends its next request on a new one instead of waiting for a 408.
            let keepsConnection = head.isKeepAlive && !head.headers.contains(name: "Upgrade")
            requestsToAnswer.append((head.version, keepsConnection))
            if !keepsConnection { readTheLastRequest = true }
            reading = .body
            // A held request's body is not read until it is passed on: its timer starts then, and
            // the header timer its first bytes started stops here, as for any request whose head came.
            if isBehindAnother { timeout?.clear() } else { startBodyTimer() }
            deliver(.part(.head(head.routable())), startsHolding: isBehindAnother)
            return
        case (_, .end):
            continueOwed = false
            reading = readTheLastRequest ? .closing : .betweenRequests
            body = nil
            if requestsInProgress == 0, reading == .betweenRequests {
                // Answered before its body ended (a 404 or 413 read to the end): idle from now on,
                // or the connection would hold its slot for as long as the client keeps it; closed
                // now when the server is stopping.
                if closeAfterResponse { closeOrderly() } else { startIdleTimer() }
            } else {
                timeout?.clear()
            }
        case (_, .body(let bytes)):
            continueOwed = false
            bodyArrived(bytes.readableBytes, now: context.eventLoop.now)
        }
        deliver(.part(part))
    }

    func read(context: ChannelHandlerContext) {
        // A few parts held still let a client's close be seen at once (the end of a live feed's
        // connection with a request behind it); more wait until they are passed on.
        if held.count < Self.partsHeldWhileReading || reading == .closing {
            context.read()
        } else {
            isReadDeferred = true
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        switch reading {
        case .closing:
            return
        case .body:
            // The handler reading this body gets the error and answers 400 itself.
            logger.debug("Broken request body", metadata: ["error": "\(error)"])
            reading = .closing
            if requestsInProgress == 0 {
                // Answered already (a 404 before its body ended): nobody is left to tell.
                closeOrderly()
            } else {
                // The connection closes after this request's answer (`fire`), not an earlier one's.
                deliver(.error(error))
            }
        case .betweenRequests, .head:
            guard error is HTTPParserError else {
                // Not the request's fault (the connection broke, for one): nobody to answer.
                context.fireErrorCaught(error)
                return
            }
            logger.debug("Malformed request", metadata: ["error": "\(error)"])
            refuse(ConnectionRefusal(parserError: error))
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is ChannelShouldQuiesceEvent else {
            // The client's end of sending (`inputClosed`) comes after the requests it sent before it:
            // passed on first, it would end the handler's stream of requests without them.
            deliver(.event(event))
            return
        }
        // Hummingbird would close at once, resetting a request already on its way; close in order instead.
        isStopping = true
        // An answer the client is not taking would keep the server from stopping.
        if !context.channel.isWritable { startWriteStall() }
        if requestsInProgress > 0 || reading == .head || reading == .body {
            closeAfterResponse = true
            // Requests the client sent before it could know are answered; one that pipelines
            // without pause would keep the connection, and the server, for as long as it liked.
            lastRequestsCall = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(limits.closeGrace)) { [self] in
                readNoMoreRequests()
                if requestsInProgress == 0 { closeOrderly() }
            }
        } else {
            closeOrderly()
        }
    }

    /// Reads no request after those whose heads are read (RFC 9112 §9.6): the client, told the
    /// connection closes, sends a later one again on a new connection. A head still arriving is
    /// dropped with its header timer, which would otherwise answer it after the last answer.
    private func readNoMoreRequests() {
        switch reading {
        case .body:
            readTheLastRequest = true
        case .betweenRequests, .head:
            timeout?.clear()
            reading = .closing
        case .closing:
            break
        }
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard event is ContinueRequested else {
            context.triggerUserOutboundEvent(event, promise: promise)
            return
        }
        if continueOwed {
            continueOwed = false
            context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .continue))), promise: nil)
        }
        promise?.succeed(())
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            responseSaysClose = false
            answer(&head)
            if head.headers[canonicalForm: "Connection"].contains(where: { $0.lowercased() == "close" }) {
                // The server said it closes after this response (a refused subscriber, say): it does.
                closeAfterResponse = true
                responseSaysClose = true
            }
            // Only the answer to the last request read says the connection closes: the requests
            // held behind an earlier one are still answered, and nothing is after that (RFC 9112 §9.6).
            if responseSaysClose || (closeAfterResponse && requestsInProgress == 1) {
                head.headers.replaceOrAdd(name: "Connection", value: "close")
                // A request arriving while this answer is written would be served after it said so.
                readNoMoreRequests()
            } else if isAnsweringHTTP10 {
                // An HTTP/1.0 client keeps the connection only when told so.
                head.headers.replaceOrAdd(name: "Connection", value: "keep-alive")
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end:
            context.write(data, promise: promise)
            requestsInProgress = max(requestsInProgress - 1, 0)
            // After an answer that ended the conversation, nothing more is written: not the requests
            // held behind it, nor a refusal of what came after (it would land inside an HTTP/1.0 body).
            if responseSaysClose || bodyEndsWithConnection { dropHeldRequests() }
            guard requestsInProgress == 0 else {
                passOnHeldRequest()
                return
            }
            if let pendingRefusal {
                self.pendingRefusal = nil
                send(pendingRefusal)
            } else if closeAfterResponse {
                closeOrderly()
            } else if reading == .betweenRequests {
                startIdleTimer()
            }
        default:
            context.write(data, promise: promise)
        }
    }

    /// Whether the client asks to be told to go on before it sends the body (RFC 9110 §10.1.1).
    private static func expectsContinue(_ head: HTTPRequestHead) -> Bool {
        head.version == .http1_1 && head.headers[canonicalForm: "Expect"].contains { $0.lowercased() == "100-continue" }
    }

    /// Gives `head` the version of the request it answers, when that is HTTP/1.0.
    private func answer(_ head: inout HTTPResponseHead) {
        // An interim response (`100 Continue`) comes before the one that answers the request.
        guard !(100..<200).contains(head.status.code) || head.status == .switchingProtocols else { return }
        let request = requestsToAnswer.popFirst() ?? (.http1_1, true)
        // Only the answer to the request that asked for it says the connection closes, not one
        // to a request pipelined before it.
        if !request.keepsConnection { closeAfterResponse = true }
        if continueOwed {
            // Answered before its body was asked for: the client may send that body or not, so
            // nothing after it on this connection could be told from it.
            continueOwed = false
            closeAfterResponse = true
            responseSaysClose = true
        }
        isAnsweringHTTP10 = request.version == .http1_0
        guard isAnsweringHTTP10 else { return }
        head.version = .http1_0
        // Without a length, the body ends when the connection does.
        if !head.headers.contains(name: "Content-Length") {
            closeAfterResponse = true
            bodyEndsWithConnection = true
        }
    }

    // MARK: - Requests held behind an answer

    /// Passes `inbound` on, or holds it behind what is held already; `startsHolding` for the head
    /// of a request behind one whose answer has not ended.
    private func deliver(_ inbound: Inbound, startsHolding: Bool = false) {
        if held.isEmpty, !startsHolding {
            fire(inbound)
        } else {
            held.append(inbound)
        }
    }

    private func fire(_ inbound: Inbound) {
        switch inbound {
        case .part(let part): context?.fireChannelRead(wrapInboundOut(part))
        case .error(let error):
            closeAfterResponse = true
            context?.fireErrorCaught(error)
        case .event(let event): context?.fireUserInboundEventTriggered(event)
        }
    }

    /// Passes on the oldest held request, as far as it has arrived, once the answer before it has ended.
    private func passOnHeldRequest() {
        guard let context, case .part(.head(let head)) = held.first else { return }
        var endedWhole = false
        var bodyArrived = false
        var inbound = held.removeFirst()
        while true {
            switch inbound {
            case .part(.end): endedWhole = true
            case .part(.body): bodyArrived = true
            default: break
            }
            fire(inbound)
            guard let next = held.first else { break }
            if case .part(.head) = next { break }
            inbound = held.removeFirst()
        }
        // No answer is on its way any more: a client waiting for `100 Continue` may be told to go on.
        continueOwed = !endedWhole && !bodyArrived && Self.expectsContinue(head)
        // The handlers after this one take what they were given at the end of a read.
        context.fireChannelReadComplete()
        if !endedWhole, reading == .body { startBodyTimer() }
        if held.count < Self.partsHeldWhileReading, isReadDeferred {
            isReadDeferred = false
            context.read()
        }
    }

    /// The answer before them said the connection closes: the requests behind it are not served, and
    /// the client, told so, sends them again on a new connection.
    private func dropHeldRequests() {
        if requestsInProgress > 0 {
            logger.debug("Requests pipelined behind an answer that closes the connection: not served", metadata: ["count": "\(requestsInProgress)"])
        }
        held.removeAll()
        requestsToAnswer.removeAll()
        requestsInProgress = 0
        pendingRefusal = nil
        reading = .closing
    }

    // MARK: - Timeouts

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { endWriteStall() } else { startWriteStall() }
        context.fireChannelWritabilityChanged()
    }

    private func startWriteStall() {
        guard let context else { return }
        writeStall?.cancel()
        let limit = isStopping ? limits.closeGrace : limits.writeTimeout
        writeStall = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(limit)) { [self] in
            logger.debug("The client took nothing of its answer in time: closed")
            self.context?.close(promise: nil)
        }
    }

    private func endWriteStall() {
        writeStall?.cancel()
        writeStall = nil
    }

    private func startBodyTimer() {
        guard let context else { return }
        body = (context.eventLoop.now, 0)
        schedule(after: limits.bodyTimeout) { $0.bodyTimedOut() }
    }

    private func headerTimedOut() {
        logger.debug("Request headers timed out")
        refuse(.headerTimeout)
    }

    /// Moves the body's timeout on by the time its bytes so far earn at `minimumBodyRate`.
    private func bodyArrived(_ count: Int, now: NIODeadline) {
        guard reading == .body, let started = body, limits.minimumBodyRate > 0 else { return }
        body?.bytes += count
        let earned = TimeAmount.nanoseconds(Int64((Double(started.bytes + count) / Double(limits.minimumBodyRate)) * 1e9))
        let deadline = started.start + TimeAmount(limits.bodyTimeout) + earned
        timeout?.set(after: deadline - now) { [self] in bodyTimedOut() }
    }

    private func bodyTimedOut() {
        // The handler waiting for the body gets this error and answers 408 itself.
        logger.debug("Request body timed out")
        closeAfterResponse = true
        reading = .closing
        context?.fireErrorCaught(RequestReadTimeout())
        // A body still arriving after its request was answered has nobody left to answer it.
        if requestsInProgress == 0 { closeOrderly() }
    }

    private func startFirstRequestTimer() {
        guard isAwaitingFirstRequest, silentTicket == nil, let context else { return }
        schedule(after: limits.headerTimeout) { $0.headerTimedOut() }
        let closeIfSilent = NIOLoopBound(self, eventLoop: context.eventLoop)
        silentTicket = silentConnections.accepted { [eventLoop = context.eventLoop] in
            eventLoop.execute { closeIfSilent.value.closeBecauseSilentLongest() }
        }
        holdsSlot = true
        silenceCheck = context.eventLoop.assumeIsolated().scheduleTask(in: silentConnections.patience) { [self] in
            if silentTicket != nil { silentConnections.closePastLimit() }
        }
    }

    private func closeBecauseSilentLongest() {
        guard isAwaitingFirstRequest, reading == .betweenRequests else { return }
        logger.debug("Closed the connection silent longest to make room")
        silentTicket = nil
        closeOrderly()
    }

    private func endSilence() {
        silenceCheck?.cancel()
        silenceCheck = nil
        if let silentTicket { silentConnections.spoke(silentTicket) }
        silentTicket = nil
    }

    private func freeSlot() {
        guard holdsSlot else { return }
        holdsSlot = false
        silentConnections.ended()
    }

    private func startIdleTimer() {
        schedule(after: limits.idleTimeout) { $0.closeOrderly() }
    }

    private func schedule(after delay: Duration, _ action: @escaping (ConnectionGuard) -> Void) {
        timeout?.set(after: TimeAmount(delay)) { [self] in action(self) }
    }

    // MARK: - Answering and closing

    /// Answers `refusal` now, or after the response in progress when there is one.
    private func refuse(_ refusal: ConnectionRefusal) {
        reading = .closing
        if requestsInProgress > 0 {
            pendingRefusal = refusal
        } else {
            send(refusal)
        }
    }

    private func send(_ refusal: ConnectionRefusal) {
        guard let context else { return }
        let body = refusalBody.render(refusal)
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: refusalBody.contentType)
        for (name, value) in refusalBody.headers { headers.add(name: name, value: value) }
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        headers.add(name: "Connection", value: "close")
        headers.add(name: "Date", value: HTTPDate.text(of: Date()))
        let head = HTTPResponseHead(version: .http1_1, status: refusal.status, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        context.write(wrapOutboundOut(.end(nil)), promise: nil)
        closeOrderly()
    }

    /// Sends what is buffered, closes our side, then reads and drops what the client still sends until it
    /// closes its side, or until it has everything sent to it and `closeGrace` has passed. Closing with
    /// unread data would make the kernel send a reset; so would bytes the client sends after the close,
    /// and the reset throws away what the kernel had not delivered yet (the tail of an export to a
    /// client that reads slowly).
    private func closeOrderly() {
        guard let context, lingeringSince == nil else { return }
        reading = .closing
        lingeringSince = context.eventLoop.now
        if isReadDeferred {
            // Reads go on while closing, so that what the client still sends is read and dropped.
            isReadDeferred = false
            context.read()
        }
        context.flush()
        let outputClosed = context.eventLoop.makePromise(of: Void.self)
        context.close(mode: .output, promise: outputClosed)
        outputClosed.futureResult.assumeIsolated().whenComplete { [self] _ in isOutputClosed = true }
        lookAgainAfterTheGrace()
    }

    private func lookAgainAfterTheGrace() {
        schedule(after: limits.closeGrace) { $0.closeOnceDelivered() }
    }

    /// Closes the connection when the client has all that was sent to it, or when it has not taken
    /// it within the idle timeout (or the server is stopping); otherwise looks again after the grace.
    private func closeOnceDelivered() {
        guard let context, let lingeringSince else { return }
        let waitedTooLong = isStopping || context.eventLoop.now - lingeringSince >= TimeAmount(limits.idleTimeout)
        guard !waitedTooLong else {
            context.close(promise: nil)
            return
        }
        guard isOutputClosed else {
            // Part of the answer is not even in the kernel's hands yet.
            lookAgainAfterTheGrace()
            return
        }
        #if os(Linux)
        if let socket = context.channel as? SocketOptionProvider {
            socket.getTCPInfo().assumeIsolated().whenComplete { [self] info in
                // Our FIN is acknowledged only after everything before it.
                if case .success(let info) = info, info.tcpi_state == UInt8(TCP_FIN_WAIT1) {
                    lookAgainAfterTheGrace()
                } else {
                    self.context?.close(promise: nil)
                }
            }
            return
        }
        #endif
        context.close(promise: nil)
    }
}

/// Tells the `ConnectionGuard` that bytes of a request arrived, before the parser waits for a whole head.
final class RequestBytesWatch: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let connectionGuard: ConnectionGuard

    init(_ connectionGuard: ConnectionGuard) {
        self.connectionGuard = connectionGuard
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if unwrapInboundIn(data).readableBytes > 0 { connectionGuard.bytesArrived() }
        context.fireChannelRead(data)
    }
}

/// A request body that did not arrive within `ConnectionLimits.bodyTimeout`: the handler reading
/// the body gets it and answers `408`.
public struct RequestReadTimeout: Error {
    public init() {}
}

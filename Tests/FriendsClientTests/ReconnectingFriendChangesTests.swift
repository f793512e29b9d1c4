import FriendsAPI
import FriendsClient
import Testing

struct ReconnectingFriendChangesTests {
    private static func created(_ sequence: Int) -> FriendChange {
        FriendChange(sequence: sequence, event: .created(Friend(id: sequence, firstname: "F\(sequence)", lastname: "L"), version: 1))
    }

    @Test func resumesAfterTheLastChangeWithGrowingWaitsAndSaysHowConnectedItIs() async throws {
        let source = FakeChangeSource([
            .accept, .refuse(.unreachable), .refuse(.timedOut), .refuse(.server(status: 503, message: nil)),
            .accept, .refuse(.unauthorized),
        ])
        let clock = ManualClock()
        var iterator = ReconnectingFriendChanges(source: source, after: 4, clock: clock).makeAsyncIterator()
        var received: [ReconnectingFriendChanges.Element?] = []

        received.append(await iterator.next())
        received.append(await iterator.next())
        let first = await source.connection(0)
        first.yield(Self.created(5))
        first.yield(Self.created(5))
        first.yield(Self.created(6))
        received.append(await iterator.next())
        received.append(await iterator.next())
        first.finish()
        received.append(await iterator.next())
        for wait in [500, 1_000, 2_000] {
            await clock.waitForSleepers()
            clock.advance(by: .milliseconds(wait))
        }
        received.append(await iterator.next())
        await clock.waitForSleepers()
        clock.advance(by: .seconds(2))
        received.append(await iterator.next())
        let second = await source.connection(1)
        second.yield(Self.created(7))
        received.append(await iterator.next())
        second.finish(throwing: AppServerError.unreachable)
        received.append(await iterator.next())
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(500))
        received.append(await iterator.next())
        received.append(await iterator.next())

        #expect(received == [
            .state(.connecting), .state(.live), .change(Self.created(5)), .change(Self.created(6)),
            .state(.reconnecting), .state(.offline), .state(.live), .change(Self.created(7)),
            .state(.reconnecting), .state(.signedOut), nil,
        ])
        #expect(await source.positions == [4, 6, 6, 6, 6, 7])
        #expect(clock.sleeps == [.milliseconds(500), .seconds(1), .seconds(2), .seconds(2), .milliseconds(500)])
    }

    @Test func aResetIsPassedOnAndResumesFromItsSequence() async throws {
        let source = FakeChangeSource([.accept, .accept])
        let clock = ManualClock()
        var iterator = ReconnectingFriendChanges(source: source, after: 9, clock: clock).makeAsyncIterator()
        _ = await iterator.next()
        _ = await iterator.next()
        let first = await source.connection(0)
        first.yield(FriendChange(sequence: 3, event: .reset))
        first.finish()
        #expect(await iterator.next() == .change(FriendChange(sequence: 3, event: .reset)))
        #expect(await iterator.next() == .state(.reconnecting))
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(500))
        #expect(await iterator.next() == .state(.live))
        #expect(await source.positions == [9, 3])
    }

    @Test func aConsumerThatStopsClosesTheConnection() async throws {
        let source = FakeChangeSource([.accept])
        var iterator: AsyncStream<ReconnectingFriendChanges.Element>.Iterator? =
            ReconnectingFriendChanges(source: source, clock: ManualClock()).makeAsyncIterator()
        #expect(await iterator?.next() == .state(.connecting))
        #expect(await iterator?.next() == .state(.live))
        let (closed, closing) = AsyncStream.makeStream(of: Void.self)
        await source.connection(0).onTermination = { _ in
            closing.yield()
            closing.finish()
        }
        iterator = nil
        var closes = 0
        for await _ in closed { closes += 1 }
        #expect(closes == 1)
        #expect(await source.positions == [nil])
    }

    @Test func aStreamThatDropsBeforeItsFirstChangeResumesFromThePositionTheServerGave() async throws {
        let source = FakeChangeSource([.accept, .accept])
        let clock = ManualClock()
        var iterator = ReconnectingFriendChanges(source: source, clock: clock).makeAsyncIterator()
        #expect(await iterator.next() == .state(.connecting))
        #expect(await iterator.next() == .state(.live))
        let first = await source.connection(0)
        first.yield(.position(5))
        first.finish(throwing: AppServerError.unreachable)
        #expect(await iterator.next() == .state(.reconnecting))
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(500))
        #expect(await iterator.next() == .state(.live))
        await source.connection(1).yield(Self.created(6))
        #expect(await iterator.next() == .change(Self.created(6)))
        #expect(await source.positions == [nil, 5])
    }

    @Test func afterALongOutageItTriesAgainEveryTwoSecondsAtMost() async throws {
        let refusals = Array(repeating: FakeChangeSource.Attempt.refuse(.unreachable), count: 8)
        let source = FakeChangeSource(refusals + [.accept])
        let clock = ManualClock()
        var iterator = ReconnectingFriendChanges(source: source, clock: clock).makeAsyncIterator()
        #expect(await iterator.next() == .state(.connecting))
        var downtime = Duration.zero
        for _ in refusals {
            await clock.waitForSleepers()
            let wait = try #require(clock.sleeps.last)
            downtime += wait
            clock.advance(by: wait)
        }
        var states: [ReconnectingFriendChanges.Element?] = []
        while states.last != .state(.live) { states.append(await iterator.next()) }
        #expect(clock.sleeps == [.milliseconds(500), .seconds(1)] + Array(repeating: .seconds(2), count: 6))
        #expect(downtime == .milliseconds(13_500))
    }

    @Test func theBackoffDoublesUpToItsMaximum() {
        let backoff = ReconnectBackoff(initial: .seconds(1), maximum: .seconds(5))
        #expect((1...5).map(backoff.delay(beforeAttempt:)) == [.seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5)])
    }
}

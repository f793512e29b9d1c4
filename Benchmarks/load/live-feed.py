#!/usr/bin/env python3
"""The live change feed under load, against a running FriendService.

SUBSCRIBERS clients hold GET /friends/events open. Each round POSTs a friend and times from the
POST's 201 (acknowledged) to the moment the last subscriber has read the event; the event may
reach some subscribers before the 201 does, so a round can take less than zero, counted as 0.
Then the server's resident memory per idle subscriber: its VmRSS with every subscriber connected
and idle, less its VmRSS before they connected, over their number. One asyncio loop reads every
stream, so the figures include this client's own time to read 1,000 sockets.
"""
import argparse
import asyncio
import statistics
import time

BODY = b'{"firstname":"Ada","lastname":"Lovelace","phonenumber":"+44 20 7946 0018","email":"","about":""}'


def resident_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Arrivals:
    """How many subscribers have read each sequence number, and when the last one did."""

    def __init__(self, subscribers):
        self.subscribers = subscribers
        self.counts = {}
        self.complete = {}

    def expect(self, sequence):
        self.complete[sequence] = asyncio.get_running_loop().create_future()

    def arrived(self, sequence):
        count = self.counts.get(sequence, 0) + 1
        self.counts[sequence] = count
        waiter = self.complete.get(sequence)
        if count == self.subscribers and waiter and not waiter.done():
            waiter.set_result(time.perf_counter())


class Subscriber(asyncio.Protocol):
    """One stream of GET /friends/events, read as bytes arrive: an event counts once it is complete
    (its blank line) and only if it has data, since the stream opens with an event of only an id,
    the position a client resumes from. (A StreamReader reading line by line made this client,
    not the server, most of each round's time.)"""

    def __init__(self, arrivals, connected):
        self.arrivals = arrivals
        self.connected = connected
        self.buffer = b""
        self.closed = asyncio.get_running_loop().create_future()

    def connection_made(self, transport):
        transport.write(b"GET /friends/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")

    def data_received(self, data):
        self.buffer += data
        *events, self.buffer = self.buffer.split(b"\n\n")
        for event in events:
            if b": connected" in event:
                self.connected()
            if b"\ndata:" not in event:
                continue
            start = event.find(b"id: ")
            if start >= 0:
                self.arrivals.arrived(int(event[start + 4 : event.index(b"\n", start)]))

    def connection_lost(self, exc):
        if not self.closed.done():
            self.closed.set_result(None)


async def subscribe(port, arrivals, connected):
    loop = asyncio.get_running_loop()
    _, subscriber = await loop.create_connection(lambda: Subscriber(arrivals, connected), "127.0.0.1", port)
    await subscriber.closed


async def post_friend(reader, writer):
    writer.write(
        b"POST /friends HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        + b"Content-Length: " + str(len(BODY)).encode() + b"\r\n\r\n" + BODY
    )
    await writer.drain()
    status = await reader.readline()
    length = 0
    while True:
        header = await reader.readline()
        if header in (b"\r\n", b""):
            break
        name, _, value = header.decode().partition(":")
        if name.lower() == "content-length":
            length = int(value)
    await reader.readexactly(length)
    if b" 201 " not in status:
        raise RuntimeError(f"POST /friends answered {status!r}")


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--pid", type=int, required=True, help="the server's process id, for its memory")
    parser.add_argument("--subscribers", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--results", help="a file of run.sh's results to add the p99 to")
    options = parser.parse_args()

    poster = await asyncio.open_connection("127.0.0.1", options.port)
    await post_friend(*poster)  # warm up; the feed has started
    before = resident_kb(options.pid)

    arrivals = Arrivals(options.subscribers)
    connected = 0
    all_connected = asyncio.get_running_loop().create_future()

    def on_connected():
        nonlocal connected
        connected += 1
        if connected == options.subscribers:
            all_connected.set_result(None)

    streams = [asyncio.create_task(subscribe(options.port, arrivals, on_connected)) for _ in range(options.subscribers)]
    await asyncio.wait_for(all_connected, 60)
    await asyncio.sleep(1)
    idle = resident_kb(options.pid)

    # The first round tells which sequence numbers the POSTs get.
    latencies = []
    sequence = None
    for round in range(options.rounds + 1):
        if sequence is not None:
            arrivals.expect(sequence + 1)
        await post_friend(*poster)
        acknowledged = time.perf_counter()
        if sequence is None:
            while not arrivals.counts:
                await asyncio.sleep(0.01)
            sequence = max(arrivals.counts)
            continue
        sequence += 1
        reached_all = await asyncio.wait_for(arrivals.complete[sequence], 30)
        latencies.append(max(0.0, reached_all - acknowledged) * 1000)

    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
    print(f"{options.subscribers} subscribers, {options.rounds} POSTs: acknowledged to every subscriber "
          f"median {statistics.median(latencies):.2f} ms, p99 {p99:.2f} ms, max {latencies[-1]:.2f} ms")
    if options.results:
        with open(options.results, "a") as results:
            results.write(f"live feed: {options.subscribers} subscribers\t{statistics.median(latencies):.2f}\t{p99:.2f}ms\t\n")
    print(f"server resident memory: {before / 1024:.1f} MB before, {idle / 1024:.1f} MB with the subscribers idle, "
          f"{(idle - before) / options.subscribers:.1f} KB per idle subscriber")
    for stream in streams:
        stream.cancel()


asyncio.run(main())

#!/usr/bin/env python3
"""The live change feed under load, against a running FriendService.

SUBSCRIBERS clients hold GET /friends/events open. Each round POSTs a friend and times from the
POST's 201 (acknowledged) to the moment the last subscriber has read the event; the event may
reach some subscribers before the 201 does, so a round can take less than zero, counted as 0.
Then the server's resident memory per idle subscriber: its VmRSS with every subscriber connected
and idle, less its VmRSS before they connected, over their number.

The streams are read by one loop over epoll with plain non-blocking sockets: this client shares
the machine with the server, and asyncio's machinery per read cost more CPU than the server's
own work per subscriber, so it measured mostly itself.
"""
import argparse
import os
import select
import socket
import statistics
import time

BODY = b'{"firstname":"Ada","lastname":"Lovelace","phonenumber":"+44 20 7946 0018","email":"","about":""}'
POST = (b"POST /friends HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        + b"Content-Length: " + str(len(BODY)).encode() + b"\r\n\r\n" + BODY)
SUBSCRIBE = b"GET /friends/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n"


def resident_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


class Streams:
    """Every subscriber's socket and unparsed bytes, and how many have read each sequence."""

    def __init__(self):
        self.poll = select.epoll()
        self.sockets = {}
        self.pending = {}
        self.connected = 0
        self.arrivals = {}

    def open(self, port, count):
        for _ in range(count):
            sock = socket.create_connection(("127.0.0.1", port))
            sock.sendall(SUBSCRIBE)
            sock.setblocking(False)
            self.sockets[sock.fileno()] = sock
            self.pending[sock.fileno()] = b""
            self.poll.register(sock.fileno(), select.EPOLLIN)

    def read(self, fd):
        data = os.read(fd, 65536)
        if not data:
            raise RuntimeError("the server closed a stream")
        *events, self.pending[fd] = (self.pending[fd] + data).split(b"\n\n")
        for event in events:
            if b": connected" in event:
                self.connected += 1
            if b"\ndata:" not in event:
                continue
            start = event.find(b"id: ")
            if start >= 0:
                sequence = int(event[start + 4 : event.index(b"\n", start)])
                self.arrivals[sequence] = self.arrivals.get(sequence, 0) + 1


class Poster:
    """One keep-alive connection that POSTs a friend; `done` once its 201 has been read."""

    def __init__(self, port, streams):
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.sock.setblocking(False)
        streams.poll.register(self.sock.fileno(), select.EPOLLIN)
        self.buffer = b""
        self.done = True

    def post(self):
        self.sock.sendall(POST)
        self.done = False

    def read(self):
        data = self.sock.recv(65536)
        if not data:
            raise RuntimeError("the server closed the POST connection")
        self.buffer += data
        head, separator, body = self.buffer.partition(b"\r\n\r\n")
        if not separator:
            return
        status, *headers = head.split(b"\r\n")
        length = 0
        for line in headers:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        if len(body) < length:
            return
        if b" 201 " not in status:
            raise RuntimeError(f"POST /friends answered {status!r}")
        self.buffer = body[length:]
        self.done = True


def run_until(streams, poster, finished, timeout):
    """Reads whatever is ready until `finished()`; returns when it became true."""
    deadline = time.perf_counter() + timeout
    post_fd = poster.sock.fileno()
    while not finished():
        if time.perf_counter() > deadline:
            raise TimeoutError("the feed did not deliver in time")
        for fd, _ in streams.poll.poll(1):
            if fd == post_fd:
                poster.read()
            else:
                streams.read(fd)
    return time.perf_counter()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--pid", type=int, required=True, help="the server's process id, for its memory")
    parser.add_argument("--subscribers", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--results", help="a file of run.sh's results to add the p99 to")
    options = parser.parse_args()

    streams = Streams()
    poster = Poster(options.port, streams)
    poster.post()  # warm up; the feed has started
    run_until(streams, poster, lambda: poster.done, 30)
    before = resident_kb(options.pid)

    streams.open(options.port, options.subscribers)
    run_until(streams, poster, lambda: streams.connected == options.subscribers, 60)
    time.sleep(1)
    idle = resident_kb(options.pid)

    # The first round tells which sequence numbers the POSTs get.
    poster.post()
    run_until(streams, poster, lambda: poster.done and streams.arrivals, 30)
    sequence = max(streams.arrivals)
    run_until(streams, poster, lambda: streams.arrivals[sequence] == options.subscribers, 30)

    latencies = []
    for _ in range(options.rounds):
        sequence += 1
        poster.post()
        acknowledged = run_until(streams, poster, lambda: poster.done, 30)
        reached_all = run_until(streams, poster, lambda: streams.arrivals.get(sequence, 0) == options.subscribers, 30)
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


main()

#!/usr/bin/env python3
"""An ordinary request while misbehaving clients hold connections open.

Starts the `friendservice` binary it is given on a free loopback port (memory store, 100 friends),
times GET /friends?limit=50 with nothing else open, then opens SUBSCRIBERS live-feed streams that
never read and SILENT connections that never send a byte, and times the same requests again.
Prints both p50 and p99, their ratio, how many subscribers the server refused (503) and how many
silent connections it closed. Everything it starts stops when it ends; it talks to 127.0.0.1 only.

    python3 Benchmarks/load/misbehaving-clients.py .build/release/friendservice
"""
import argparse
import http.client
import json
import resource
import socket
import subprocess
import sys
import time


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_serving(port, deadline):
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            connection.request("GET", "/health")
            if connection.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.05)
    sys.exit("friendservice did not start")


def seed(port, count):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    for index in range(count):
        body = json.dumps({"firstname": f"Friend{index}", "lastname": "Sample", "phonenumber": "0501234567"})
        connection.request("POST", "/friends", body, {"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()


def timed_requests(port, count):
    """Milliseconds each of `count` GETs took on one keep-alive connection (a new one if closed)."""
    times = []
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    for _ in range(count):
        started = time.perf_counter()
        try:
            connection.request("GET", "/friends?limit=50")
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                sys.exit(f"GET /friends answered {response.status}")
        except OSError:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            continue
        times.append((time.perf_counter() - started) * 1000)
    return times


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def open_subscribers(port, count):
    """Streams that send their request, read the response head, then never read again."""
    streams, refused = [], 0
    for _ in range(count):
        stream = socket.create_connection(("127.0.0.1", port))
        stream.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        stream.sendall(b"GET /friends/events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n")
        stream.settimeout(5)
        head = stream.recv(64)
        if b" 503 " in head:
            refused += 1
            stream.close()
        else:
            streams.append(stream)
    return streams, refused


def closed_by_server(sockets):
    closed = 0
    for connection in sockets:
        connection.setblocking(False)
        try:
            if connection.recv(1) == b"":
                closed += 1
        except BlockingIOError:
            pass
        except OSError:
            closed += 1
    return closed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("friendservice", help="path of the friendservice binary")
    parser.add_argument("--subscribers", type=int, default=1000)
    parser.add_argument("--silent", type=int, default=1000)
    parser.add_argument("--requests", type=int, default=2000)
    arguments = parser.parse_args()

    wanted = arguments.subscribers + arguments.silent + 500
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))

    port = free_port()
    server = subprocess.Popen(
        [arguments.friendservice, "serve", "--database", "memory", "--port", str(port), "--log-level", "error"],
        stdout=subprocess.DEVNULL,
    )
    opened = []
    try:
        wait_until_serving(port, time.monotonic() + 20)
        seed(port, 100)
        timed_requests(port, 200)  # warm-up
        alone = timed_requests(port, arguments.requests)

        subscribers, refused = open_subscribers(port, arguments.subscribers)
        opened += subscribers
        silent = [socket.create_connection(("127.0.0.1", port)) for _ in range(arguments.silent)]
        opened += silent
        time.sleep(1.5)  # the server closes those silent for a second (its patience) past its limit
        beside = timed_requests(port, arguments.requests)
        closed = closed_by_server(silent)

        print(f"GET /friends?limit=50, {arguments.requests} requests each")
        print(f"  alone:   p50 {percentile(alone, 0.5):.2f} ms, p99 {percentile(alone, 0.99):.2f} ms")
        print(f"  beside {len(subscribers)} open subscribers and {arguments.silent} silent connections:"
              f" p50 {percentile(beside, 0.5):.2f} ms, p99 {percentile(beside, 0.99):.2f} ms")
        print(f"  p99 ratio (beside / alone): {percentile(beside, 0.99) / percentile(alone, 0.99):.2f}")
        print(f"  subscribers refused with 503: {refused} of {arguments.subscribers}")
        print(f"  silent connections the server closed: {closed} of {arguments.silent}")
    finally:
        for connection in opened:
            connection.close()
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


if __name__ == "__main__":
    main()

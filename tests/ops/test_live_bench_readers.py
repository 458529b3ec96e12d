"""The readers of ``bench/live.py`` check what they are measured on: every id of a stream once
and in order, found in the bytes whatever the reads cut them into. A fake stream server sends
one good stream, one that skips an id and one that doubles one, in pieces of 1 to 40 bytes."""

from __future__ import annotations

import random
import shutil
import socket
import threading
import time

import pytest

from bench.live import NativeReaders, Readers, build_reader

pytestmark = pytest.mark.no_services

HEAD = (
    b"HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n"
    b"e\r\nretry: 2000\n\n\r\n"
)
STREAMS = {  # what each of the three connections is sent, after seq 5
    0: list(range(6, 26)),
    1: [6, 7, 9, 10],  # 8 skipped
    2: [6, 7, 7, 8],  # 7 twice
}


def message(seq: int, rng: random.Random) -> bytes:
    data = f'{{"seq":{seq},"note":"{"x" * rng.randint(0, 300)}: id: 99"}}'
    body = f"id: {seq}\nevent: event\ndata: {data}\n\n".encode()
    return b"%x\r\n%b\r\n" % (len(body), body)


class FakeStreams(threading.Thread):
    """Accepts three streams and sends each its messages in small pieces; keeps them open."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.sent = threading.Event()
        self.connections: list[socket.socket] = []

    def run(self) -> None:
        rng = random.Random(7)
        for _ in STREAMS:
            connection, _ = self.listener.accept()
            connection.recv(4096)  # the request
            self.connections.append(connection)
        for index, connection in enumerate(self.connections):
            data = HEAD + b"".join(message(seq, rng) for seq in STREAMS[index])
            at = 0
            while at < len(data):
                size = rng.randint(1, 40)
                connection.sendall(data[at : at + size])
                at += size
                time.sleep(0.0005)
        self.sent.set()

    def close(self) -> None:
        for connection in self.connections:
            connection.close()
        self.listener.close()


@pytest.mark.parametrize("kind", ["c", "python"])
def test_the_readers_find_every_id_and_count_a_skipped_or_doubled_one(kind, tmp_path):
    if kind == "c" and not (shutil.which("cc") or shutil.which("gcc")):
        pytest.skip("needs a C compiler")
    server = FakeStreams()
    server.start()
    readers = (
        NativeReaders(1, "127.0.0.1", server.port, build_reader(tmp_path))
        if kind == "c"
        else Readers(1, "127.0.0.1", server.port)
    )
    try:
        # the fake server answers the status at once and the messages once all three are open
        opened, _samples, failed, _seconds = readers.open(len(STREAMS), [(1, 5)])
        assert (opened, failed) == (3, 0)
        assert server.sent.wait(20)
        time.sleep(0.5)
        got, problems, lasts = readers.report()
    finally:
        readers.close()
        server.close()
    assert sorted(seq for _match, seq, _at in got) == sorted(
        s for seqs in STREAMS.values() for s in seqs
    )
    assert problems == 2  # the skip and the double, nothing else
    assert sorted(lasts[1]) == [8, 10, 25]

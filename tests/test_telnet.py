"""The telnet wire (issue 18) without a server: the IAC filter and the line reader take any split of a stream alike,
bound what a client can make them hold, and survive malformed input; lines go out with CRLF and IAC doubled, in
ASCII spelling until UTF-8 is agreed; and a listener's language (``i18n.speaking``) stays with that listener."""

from __future__ import annotations

import threading

from hypothesis import given, settings
from hypothesis import strategies as st

from commerce_a11y.i18n import _, active_language, speaking
from commerce_a11y.wire import telnet as t


def _normalised(items: list[object]) -> list[object]:
    out: list[object] = []
    for item in items:
        if isinstance(item, bytes) and out and isinstance(out[-1], bytes):
            out[-1] += item
        elif item != b"":
            out.append(item)
    return out


def _feed(chunks: list[bytes]) -> list[object]:
    f = t.Filter()
    return _normalised([item for chunk in chunks for item in f.feed(chunk)])


TELNET_PIECES = st.sampled_from([
    b"hello", b"\r\n", bytes((t.IAC, t.IAC)), bytes((t.IAC, t.GA)), bytes((t.IAC, t.WILL, t.ECHO)),
    bytes((t.IAC, t.DO, t.TTYPE)), t.gmcp_bytes("Core.Hello", {"client": "x"}),
    t.subnegotiation(t.TTYPE, b"\x00MTTS 137"), bytes((t.IAC, 7)), bytes((t.IAC, t.SE)), b"\xff", b"\xc3\xa4",
])


@settings(max_examples=200, deadline=None)
@given(st.lists(TELNET_PIECES, max_size=12), st.lists(st.integers(1, 9), min_size=1, max_size=30))
def test_any_split_of_a_stream_reads_the_same(pieces: list[bytes], sizes: list[int]) -> None:
    data = b"".join(pieces)
    chunks, at = [], 0
    for size in sizes * (len(data) // max(1, sum(sizes)) + 1):
        if at >= len(data):
            break
        chunks.append(data[at:at + size])
        at += size
    chunks.append(data[at:])
    assert _feed(chunks) == _feed([data])


@given(st.binary(max_size=300))
def test_garbage_never_raises(data: bytes) -> None:
    f = t.Filter()
    reader = t.LineReader()
    for item in f.feed(data):
        if isinstance(item, bytes):
            list(reader.feed(item))


def test_subnegotiation_longer_than_the_limit_is_dropped_and_the_stream_goes_on() -> None:
    data = bytes((t.IAC, t.SB, t.GMCP)) + b"x" * (t.SUBNEGOTIATION_LIMIT + 10) + bytes((t.IAC, t.SE)) + b"ok"
    assert _feed([data]) == [b"ok"]


def test_lines_longer_than_the_limit_are_refused_once_and_memory_stays_bounded() -> None:
    reader = t.LineReader()
    out = []
    for _piece in range(100):  # ten megabytes in pieces, no line end
        out += list(reader.feed(b"a" * 100_000))
        assert len(reader._buffer) <= t.LINE_LIMIT
    out += list(reader.feed(b"\r\nnext\r\n"))
    assert out == [t.TOO_LONG, b"next"]
    assert list(t.LineReader().feed(b"one\rtwo\r\x00three\nfour\r\n")) == [b"one", b"two", b"three", b"four"]


def test_lines_go_out_with_crlf_iac_doubled_and_ascii_spelling_until_utf8() -> None:
    from commerce_a11y.server.telnet_peer import lines_bytes

    assert lines_bytes(["Herz-König", "a\nb"], utf8=False) == b"Herz-Koenig\r\na b\r\n"
    assert lines_bytes(["Herz-König"], utf8=True) == "Herz-König\r\n".encode()
    assert t.escape(b"\xff") == b"\xff\xff"
    assert t.mtts_bits(b"MTTS 137") == 137 and t.mtts_bits(b"XTERM") is None


def test_speaking_is_per_listener_and_restored() -> None:
    before = active_language()
    with speaking("de"):
        assert _("You pass.") == "Du passt." and active_language() == "de"
        with speaking("nl"):
            assert active_language() == "nl"
        assert active_language() == "de"
        seen = []
        thread = threading.Thread(target=lambda: seen.append(active_language()))
        thread.start()
        thread.join()
        assert seen == [before]  # another thread keeps the process's language
    assert active_language() == before

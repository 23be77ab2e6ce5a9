"""Issue 26, item 6: the operating system's and TLS's reasons inside a German or Dutch sentence are German or Dutch
where they are common ones; an unusual one is said as the system says it."""

from __future__ import annotations

import errno
import socket
import ssl
from collections.abc import Iterator

import pytest

from commerce_a11y.i18n import use_language
from commerce_a11y.reasons import os_reason, tls_reason


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    use_language("en")


def verify_error(code: int, message: str) -> ssl.SSLCertVerificationError:
    error = ssl.SSLCertVerificationError(1, message)
    error.verify_code, error.verify_message = code, message
    return error


def test_common_reasons_in_each_language() -> None:
    in_use = OSError(errno.EADDRINUSE, "Address already in use")
    assert os_reason(in_use) == "another program uses that port"
    use_language("de")
    assert os_reason(in_use) == "ein anderes Programm belegt diesen Port"
    assert os_reason(ConnectionRefusedError(errno.ECONNREFUSED, "Connection refused")) == "dort lauscht nichts"
    assert os_reason(socket.gaierror(-2, "Name or service not known")) == "dieser Name ist unbekannt"
    assert os_reason(TimeoutError("timed out")) == "es kam keine Antwort rechtzeitig"
    use_language("nl")
    mismatch = verify_error(62, "Hostname mismatch")
    assert tls_reason(mismatch) == "het certificaat is voor een andere naam of een ander adres"
    assert tls_reason(verify_error(18, "self-signed certificate")).endswith("--tls-ca")


def test_a_windows_socket_error_number_counts_as_its_posix_one() -> None:
    error = OSError(None, "Only one usage of each socket address is normally permitted")
    error.winerror = 10048  # type: ignore[attr-defined]  # WSAEADDRINUSE, as Windows reports it
    assert os_reason(error) == "another program uses that port"


def test_an_unusual_reason_is_said_as_the_system_says_it() -> None:
    assert os_reason(OSError(errno.EMLINK, "Too many links")) == "Too many links"
    assert tls_reason(verify_error(7, "certificate signature failure")) == "certificate signature failure"

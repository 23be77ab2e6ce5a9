"""Why the operating system or TLS refused something, in the player's language: the reason after the colon of "Cannot
listen on 127.0.0.1 port 4000: another program uses that port.", where Python's own words (``strerror``, OpenSSL's
``verify_message``) are English inside a German or Dutch sentence. The common reasons have words of their own; an
unusual one is said as the system says it."""

from __future__ import annotations

import errno
import socket
import ssl

from .i18n import _

WINDOWS_ERRORS = {10013: errno.EACCES, 10048: errno.EADDRINUSE, 10049: errno.EADDRNOTAVAIL, 10050: errno.ENETDOWN,
                  10051: errno.ENETUNREACH, 10054: errno.ECONNRESET, 10060: errno.ETIMEDOUT,
                  10061: errno.ECONNREFUSED, 10065: errno.EHOSTUNREACH}
"""Windows sockets' own error numbers (WSAE...), which Python does not always turn into ``errno`` values."""


def os_reason(error: OSError) -> str:
    """The reason an operating system call failed, as a clause in the language spoken now."""
    if isinstance(error, socket.gaierror):
        # Translators: after "Cannot connect to HOST port PORT:", the host's name is unknown.
        return _("that name is not known")
    number = WINDOWS_ERRORS.get(getattr(error, "winerror", None) or 0, error.errno)
    if isinstance(error, TimeoutError) or number == errno.ETIMEDOUT:
        return _("there was no answer in time")
    # Translators: each a reason after a colon, as in "Cannot listen on 127.0.0.1 port 4000: another program uses
    # that port."; lower case, no full stop.
    reasons = {
        errno.EADDRINUSE: _("another program uses that port"),
        errno.EACCES: _("permission denied"),
        errno.EPERM: _("permission denied"),
        errno.ECONNREFUSED: _("nothing listens there"),
        errno.ECONNRESET: _("the connection was cut"),
        errno.EHOSTUNREACH: _("that computer cannot be reached"),
        errno.ENETUNREACH: _("that network cannot be reached"),
        errno.ENETDOWN: _("the network is down"),
        errno.EADDRNOTAVAIL: _("that address is not one of this computer's"),
        errno.ENOENT: _("there is no such file or folder"),
        errno.ENOTDIR: _("a file stands where a folder should be"),
        errno.EISDIR: _("that is a folder, not a file"),
        errno.ENOSPC: _("the disk is full"),
        errno.EROFS: _("the disk can only be read"),
    }
    if number in reasons:
        return reasons[number]
    return error.strerror or str(error) or type(error).__name__


def tls_reason(error: ssl.SSLCertVerificationError) -> str:
    """Why a server's certificate was not trusted, as a clause in the language spoken now, with what to do."""
    code = error.verify_code
    if code == 10:  # X509_V_ERR_CERT_HAS_EXPIRED
        return _("its certificate has expired")
    if code in (18, 19):  # a self-signed certificate, or a chain ending in one
        return _("its certificate is its own: give it with --tls-ca")
    if code in (20, 21):  # no known issuer
        return _("its certificate comes from an authority this computer does not know: give it with --tls-ca")
    if code == 62:  # X509_V_ERR_HOSTNAME_MISMATCH
        return _("its certificate is for another name or address")
    return error.verify_message or str(error)

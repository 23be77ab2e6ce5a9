"""The frozen program's entry point (``packaging/commerce.spec``): ``commerce.exe`` runs the ``commerce`` command.

``cli.main`` first lets a worker process of the server, which a frozen program starts as itself, do its work
(``multiprocessing.freeze_support``).
"""

from commerce_a11y.cli import main

main()

"""``python -m commerce_a11y`` does what ``commerce`` does."""

from .cli import main

if __name__ == "__main__":
    main()

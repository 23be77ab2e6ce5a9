"""commerce-a11y: Commerce and its family of card games, for blind and low-vision players."""

__version__ = "0.1.0"

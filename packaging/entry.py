"""PyInstaller's script for the one-file binary (see contractbox.cli.frozen)."""

from contractbox.cli.frozen import main

main()

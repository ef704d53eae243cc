"""PyInstaller's script for the one-file binary (see contractbox.ops.frozen)."""

from contractbox.ops.frozen import main

main()

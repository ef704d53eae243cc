from contractbox.cli import main

main()

from contractbox.cli.main import main

main()

"""Operations of an installed ContractBox: the server lock, log files, graceful stop, backup,
restore, doctor and what the binary does when started with no arguments."""

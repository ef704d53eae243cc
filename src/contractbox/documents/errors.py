class DocumentError(Exception):
    """A source that cannot become a Document. `code` is the API error code stored on the
    failed analysis (e.g. pdf_encrypted); `message` is a sentence a person can act on."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

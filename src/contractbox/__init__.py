"""ContractBox: on-premises contract review with an evidence-grounded /v1 API."""

__version__ = "0.1.0"

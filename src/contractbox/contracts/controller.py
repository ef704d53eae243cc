from __future__ import annotations

from typing import Annotated

from litestar import Controller, Request, Response, delete, get, patch, post
from litestar.di import NamedDependency
from litestar.params import FromPath, JSONBody, QueryParameter

from contractbox.auth.guards import principal_of
from contractbox.contracts.schemas import Contract, ContractList, CreateContractRequest, RenameContractRequest
from contractbox.contracts.service import ContractService
from contractbox.core.http.paging import EndingBefore, Expand, Limit, StartingAfter
from contractbox.storage.schemas import DeletedObject


# Writes run in a worker thread: their fsync must not stall the event loop serving reads.
class ContractsController(Controller):
    path = "/contracts"
    tags = ["Contracts"]

    @post(
        "/",
        operation_id="createContract",
        status_code=201,
        opt={"scope": "contracts:write"},
        summary="Save a completed analysis as a contract",
        sync_to_thread=True,
    )
    def create(
        self, request: Request, data: JSONBody[CreateContractRequest], contracts: NamedDependency[ContractService]
    ) -> Response[Contract]:
        contract = contracts.create(principal_of(request), data)
        return Response(contract, status_code=201, headers={"Location": f"/v1/contracts/{contract.contractId}"})

    @get("/", operation_id="listContracts", opt={"scope": "contracts:read"}, summary="List contracts, newest first")
    async def list_contracts(
        self,
        request: Request,
        contracts: NamedDependency[ContractService],
        limit: Limit = None,
        starting_after: StartingAfter = None,
        ending_before: EndingBefore = None,
        q: Annotated[
            str | None, QueryParameter(description="Words in the title or a party's name (case-insensitive)")
        ] = None,
        risk_level: Annotated[
            str | None,
            QueryParameter(name="riskLevel", description="low, medium, high or critical; several comma-separated"),
        ] = None,
        expires_before: Annotated[
            str | None,
            QueryParameter(
                name="expiresBefore", description="YYYY-MM-DD: contracts whose expiration date is before it"
            ),
        ] = None,
        review_state: Annotated[
            str | None,
            QueryParameter(name="reviewState", description="not_started, in_review or reviewed"),
        ] = None,
        expand: Expand = None,
        review_set: Annotated[
            str | None, QueryParameter(name="reviewSet", description="rs_...: only those of this review set")
        ] = None,
    ) -> ContractList:
        params = {
            "limit": limit,
            "startingAfter": starting_after,
            "endingBefore": ending_before,
            "q": q,
            "riskLevel": risk_level,
            "expiresBefore": expires_before,
            "reviewState": review_state,
            "reviewSet": review_set,
        }
        return contracts.list(principal_of(request), params, expand)

    @get("/{contractId:str}", operation_id="getContract", opt={"scope": "contracts:read"}, summary="Get a contract")
    async def retrieve(
        self, request: Request, contractId: FromPath[str], contracts: NamedDependency[ContractService]
    ) -> Contract:
        return contracts.get(principal_of(request), contractId)

    @delete(
        "/{contractId:str}",
        status_code=200,
        operation_id="deleteContract",
        opt={"scope": "contracts:write"},
        summary="Delete a contract, the analysis it was saved from and its stored document",
        sync_to_thread=True,
    )
    def delete_contract(
        self, request: Request, contractId: FromPath[str], contracts: NamedDependency[ContractService]
    ) -> DeletedObject:
        return contracts.delete(principal_of(request), contractId)

    @patch(
        "/{contractId:str}",
        operation_id="updateContract",
        opt={"scope": "contracts:write"},
        summary="Rename a contract",
        sync_to_thread=True,
    )
    def rename(
        self,
        request: Request,
        contractId: FromPath[str],
        data: JSONBody[RenameContractRequest],
        contracts: NamedDependency[ContractService],
    ) -> Contract:
        return contracts.rename(principal_of(request), contractId, data.title)

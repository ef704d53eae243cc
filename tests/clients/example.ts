// The integration example of docs/api-notes.md, type-checked by `tsc --strict` in CI against types
// generated from the served document (tests/test_generated_clients.py). It is compiled, not run here:
// the Python client drives the same flow against a real server.
import createClient from "openapi-fetch";
import type { paths, components } from "./generated/api";

type Analysis = components["schemas"]["Analysis"];
type ErrorResponse = components["schemas"]["ErrorResponse"];

export async function reviewContract(baseUrl: string, apiKey: string, text: string): Promise<string> {
  const client = createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${apiKey}` } });

  const idempotencyKey = crypto.randomUUID(); // reuse it when retrying the same submission
  const created = await client.POST("/v1/analyses", {
    params: { header: { "Idempotency-Key": idempotencyKey } },
    body: { title: "Supplier agreement", sourceType: "text", text },
  });
  if (created.error) throw new Error(describe(created.error));
  const replayed: string | null = created.response.headers.get("Idempotent-Replayed");
  let analysis: Analysis = created.data;

  while (analysis.status === "queued" || analysis.status === "processing") {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const polled = await client.GET("/v1/analyses/{analysisId}", {
      params: { path: { analysisId: analysis.analysisId } },
    });
    if (polled.error) throw new Error(describe(polled.error));
    analysis = polled.data;
  }

  const result = await client.GET("/v1/analyses/{analysisId}/result", {
    params: { path: { analysisId: analysis.analysisId } },
  });
  if (result.error) throw new Error(describe(result.error));
  const score: number = result.data.riskScore.value;

  const saved = await client.POST("/v1/contracts", {
    params: { header: { "Idempotency-Key": crypto.randomUUID() } },
    body: { analysisId: analysis.analysisId, title: "Supplier agreement" },
  });
  const contractId = saved.error ? saved.error.error.contractId : saved.data.contractId;

  const recent = await client.GET("/v1/contracts", {
    params: { query: { limit: 10, riskLevel: ["high", "critical"], expiresBefore: "2027-01-01" } },
  });
  if (recent.error) throw new Error(describe(recent.error));

  const hook = await client.POST("/v1/webhooks", {
    body: { url: "https://hooks.example.com/contractbox", events: ["analysis.completed"] },
  });
  if (hook.error) throw new Error(describe(hook.error));

  return `${contractId ?? "?"} score=${score} replayed=${replayed ?? "false"} listed=${recent.data.data.length}`;
}

function describe(body: ErrorResponse): string {
  return `${body.error.code}: ${body.error.message} (${body.error.requestId})`;
}

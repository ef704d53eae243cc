window.ui = SwaggerUIBundle({
  url: "/v1/openapi.json",
  dom_id: "#swagger-ui",
  validatorUrl: null,
  deepLinking: true,
});

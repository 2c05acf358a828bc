// The API docs at /api/docs: Swagger UI over the document the server writes at /api/openapi.json.
window.SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#ui', deepLinking: true });

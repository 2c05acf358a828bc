//! The server's messages a form has no field for (e.g. about the person as a whole), shown once
//! above the form's buttons so that a 422 never leaves only the general toast.
export function FormAlert({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div className="form-error" role="alert">
      {messages.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </div>
  );
}

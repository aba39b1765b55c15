// Work in progress: replaced by the real page in this session.
export function Component() {
  return <h1>privacy</h1>;
}

export default function Page() {
  return <h1>horses</h1>;
}

export default function Page() {
  return <h1>team</h1>;
}

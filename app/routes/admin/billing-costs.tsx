export default function Costs() {
  return null;
}

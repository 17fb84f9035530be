/** The kiosk app shell (placeholder until the screens land). */
export function App() {
  return (
    <main>
      <h1>Kiosk Clock</h1>
    </main>
  );
}

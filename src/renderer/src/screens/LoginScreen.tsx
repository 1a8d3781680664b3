import { useState, type FormEvent } from 'react';
import type { LoginResult } from '../../../shared/schemas/auth.js';
import { api, ApiError, setToken } from '../api';

export function LoginScreen({ onLoggedIn }: { onLoggedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const result = await api<LoginResult>('/auth/login', { method: 'POST', body: { email, password } });
      setToken(result.token);
      onLoggedIn();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Layanan lokal tidak dapat dihubungi');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card login" onSubmit={submit}>
      <h1>Masuk kasir</h1>
      <label>
        Email
        <input type="email" autoFocus required value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label>
        Kata sandi
        <input type="password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      {error && <p className="error" role="alert">{error}</p>}
      <button type="submit" className="primary" disabled={busy}>
        Masuk
      </button>
    </form>
  );
}

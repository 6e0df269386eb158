import { csrf } from "./csrf.js";

// "Push on this device" on the notification settings: asks the browser's permission, subscribes
// it with the server's VAPID key and hands the subscription to the server (or takes it back).
// Shown only where the browser can take pushes; without a script the section stays hidden.
const section = document.querySelector(".push-device[data-push-key]");

function base64URLToBytes(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(text.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

async function send(method, body) {
  return fetch(section.dataset.pushSubscriptions, {
    method, credentials: "same-origin", body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
  });
}

async function show() {
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.getSubscription();
  const state = section.querySelector(".push-state");
  const button = section.querySelector(".push-toggle");
  if (Notification.permission === "denied") {
    state.textContent = "This browser blocks Dogear's notifications; allow them in its site settings to turn push on.";
    button.hidden = true;
    return;
  }
  button.hidden = false;
  state.textContent = subscription ? "Push is on for this device." : "Push is off for this device.";
  button.textContent = subscription ? "Turn off push on this device" : "Turn on push on this device";
}

async function toggle() {
  const registration = await navigator.serviceWorker.ready;
  const state = section.querySelector(".push-state");
  const current = await registration.pushManager.getSubscription();
  try {
    if (current) {
      await send("DELETE", { endpoint: current.endpoint });
      await current.unsubscribe();
    } else {
      if (await Notification.requestPermission() !== "granted") { await show(); return; }
      const answer = await fetch(section.dataset.pushKey, { credentials: "same-origin" });
      const { publicKey } = await answer.json();
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true, applicationServerKey: base64URLToBytes(publicKey),
      });
      const saved = await send("POST", subscription.toJSON());
      if (!saved.ok) {
        await subscription.unsubscribe();
        const { error } = await saved.json().catch(() => ({}));
        state.textContent = `Push could not be turned on: ${error?.message ?? saved.status}.`;
        return;
      }
    }
  } catch (error) {
    state.textContent = `Push could not be changed: ${error.message}.`;
    return;
  }
  await show();
}

if (section && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window) {
  section.hidden = false;
  section.querySelector(".push-toggle").addEventListener("click", toggle);
  show().catch(() => {});
}

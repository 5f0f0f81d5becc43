//! The fake gateway: a WebSocket server speaking Discord's gateway protocol v10 in JSON text
//! frames — HELLO, IDENTIFY → READY and GUILD_CREATE, heartbeats acknowledged, RESUME refused
//! (op 9, the client identifies again), and dispatches the test pushes (INTERACTION_CREATE).

use std::sync::Arc;
use std::sync::atomic::Ordering;

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::net::TcpListener;
use tokio_tungstenite::tungstenite::Message as Ws;

use super::payloads;
use super::server::Shared;

pub async fn serve(listener: TcpListener, shared: Arc<Shared>) {
    while let Ok((tcp, _)) = listener.accept().await {
        tokio::spawn(connection(tcp, shared.clone()));
    }
}

async fn connection(tcp: tokio::net::TcpStream, shared: Arc<Shared>) {
    let Ok(ws) = tokio_tungstenite::accept_async(tcp).await else { return };
    let (mut sink, mut stream) = ws.split();
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<String>();
    if sink.send(Ws::Text(payloads::hello().to_string())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            frame = stream.next() => {
                let text = match frame {
                    Some(Ok(Ws::Text(text))) => text,
                    Some(Ok(Ws::Ping(p))) => { let _ = sink.send(Ws::Pong(p)).await; continue }
                    Some(Ok(_)) => continue,
                    _ => break,
                };
                let Ok(frame) = serde_json::from_str::<Value>(&text) else { continue };
                match frame["op"].as_u64() {
                    Some(1) => {
                        shared.state.lock().unwrap().heartbeats += 1;
                        if sink.send(Ws::Text(payloads::heartbeat_ack().to_string())).await.is_err() {
                            break;
                        }
                    }
                    Some(2) => {
                        let token = frame["d"]["token"].as_str().unwrap_or_default();
                        if token.trim_start_matches("Bot ") != shared.token {
                            let _ = sink.send(Ws::Close(None)).await;
                            break;
                        }
                        shared.state.lock().unwrap().identifies += 1;
                        shared.seq.store(0, Ordering::SeqCst);
                        let url = shared.gateway_url.lock().unwrap().clone();
                        let ready = payloads::dispatch(next(&shared), "READY", payloads::ready("session-1", &url));
                        let channels: Vec<Value> = {
                            let state = shared.state.lock().unwrap();
                            state.channels.values().filter(|c| c.dm_user.is_none()).map(payloads::channel).collect()
                        };
                        let me = serde_json::json!({
                            "user": payloads::bot_user(), "nick": null, "avatar": null, "roles": [],
                            "joined_at": payloads::TIMESTAMP, "deaf": false, "mute": false, "flags": 0,
                            "pending": false,
                        });
                        let guild = payloads::dispatch(next(&shared), "GUILD_CREATE", payloads::guild_create(&channels, me));
                        let _ = sink.send(Ws::Text(ready.to_string())).await;
                        let _ = sink.send(Ws::Text(guild.to_string())).await;
                        *shared.gateway.lock().unwrap() = Some(tx.clone());
                    }
                    Some(6) => {
                        let invalid = serde_json::json!({"op": 9, "d": false, "s": null, "t": null});
                        let _ = sink.send(Ws::Text(invalid.to_string())).await;
                    }
                    _ => {}
                }
            }
            out = rx.recv() => {
                let Some(out) = out else { break };
                if sink.send(Ws::Text(out)).await.is_err() {
                    break;
                }
            }
        }
    }
}

/// The next sequence number of the session.
pub fn next(shared: &Shared) -> u64 {
    shared.seq.fetch_add(1, Ordering::SeqCst) + 1
}

//! The fake gateway: a WebSocket server speaking Discord's gateway protocol v10 in JSON text
//! frames — HELLO, IDENTIFY → READY and a GUILD_CREATE per guild, heartbeats acknowledged,
//! RESUME refused (op 9, the client identifies again), and dispatches the test pushes
//! (INTERACTION_CREATE).
//!
//! Several connections may be open at once, each identified with its shard ([`super::shards`]):
//! READY echoes the shard and lists only that shard's guilds, as do the GUILD_CREATEs after it;
//! an IDENTIFY with an impossible shard is closed with 4010 ("Invalid shard"). Each connection
//! numbers its own dispatches (`s`), as each Discord session does.

use std::sync::Arc;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpListener;
use tokio_tungstenite::tungstenite::Message as Ws;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use super::payloads;
use super::server::Shared;
use super::shards::{self, Shard};
use super::state::Identify;

pub async fn serve(listener: TcpListener, shared: Arc<Shared>) {
    while let Ok((tcp, _)) = listener.accept().await {
        tokio::spawn(connection(tcp, shared.clone()));
    }
}

async fn connection(tcp: tokio::net::TcpStream, shared: Arc<Shared>) {
    let Ok(ws) = tokio_tungstenite::accept_async(tcp).await else { return };
    let number = shared.gateway.lock().unwrap().accept();
    let (mut sink, mut stream) = ws.split();
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<(String, Value)>();
    let mut seq = 0u64;
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
                        let shard = match shards::requested(&frame["d"]) {
                            Ok(shard) => shard,
                            Err(why) => {
                                shared.state.lock().unwrap().problems.push(format!("IDENTIFY: {why}"));
                                let close = CloseFrame { code: CloseCode::Library(4010), reason: "Invalid shard".into() };
                                let _ = sink.send(Ws::Close(Some(close))).await;
                                break;
                            }
                        };
                        seq = 0;
                        let frames = identified(&shared, number, shard, &mut seq);
                        for frame in frames {
                            let _ = sink.send(Ws::Text(frame.to_string())).await;
                        }
                        shared.gateway.lock().unwrap().identified(number, shard, tx.clone());
                    }
                    Some(6) => {
                        let invalid = json!({"op": 9, "d": false, "s": null, "t": null});
                        let _ = sink.send(Ws::Text(invalid.to_string())).await;
                    }
                    _ => {}
                }
            }
            out = rx.recv() => {
                let Some((event, d)) = out else { break };
                seq += 1;
                if sink.send(Ws::Text(payloads::dispatch(seq, &event, d).to_string())).await.is_err() {
                    break;
                }
            }
        }
    }
    shared.gateway.lock().unwrap().closed(number);
}

/// Records the IDENTIFY of connection `number` with `shard`, and makes its READY and the
/// GUILD_CREATE of each guild of the shard.
fn identified(shared: &Shared, number: u32, shard: Shard, seq: &mut u64) -> Vec<Value> {
    let mut state = shared.state.lock().unwrap();
    state.identifies += 1;
    state.identified.push(Identify { connection: number, shard });
    let url = shared.gateway_url.lock().unwrap().clone();
    let guilds: Vec<(u64, String)> = state
        .guilds
        .iter()
        .filter(|(id, _)| shards::owns(shard, Some(**id)))
        .map(|(id, name)| (*id, name.clone()))
        .collect();
    let ids: Vec<u64> = guilds.iter().map(|(id, _)| *id).collect();
    let session = format!("session-{number}");
    let mut next = || {
        *seq += 1;
        *seq
    };
    let mut frames =
        vec![payloads::dispatch(next(), "READY", payloads::ready_on(&session, &url, shard, &ids))];
    for (guild, name) in guilds {
        let channels: Vec<Value> = state
            .channels
            .values()
            .filter(|c| c.dm_user.is_none() && c.guild == guild)
            .map(payloads::channel)
            .collect();
        let me = json!({
            "user": payloads::bot_user(), "nick": null, "avatar": null, "roles": [],
            "joined_at": payloads::TIMESTAMP, "deaf": false, "mute": false, "flags": 0,
            "pending": false,
        });
        let created = payloads::guild_create_for(guild, &name, &channels, me);
        frames.push(payloads::dispatch(next(), "GUILD_CREATE", created));
    }
    frames
}

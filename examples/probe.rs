use jump61::board::{Board, Squares};
use jump61::search::{Engine, EngineConfig, Evaluation, Limits};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: usize = args[1].parse().unwrap();
    let plies: usize = args[2].parse().unwrap();
    let depth: u32 = args[3].parse().unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(args.get(4).map_or(1, |s| s.parse().unwrap()));
    let mut b = Board::new(size);
    for _ in 0..plies {
        if b.winner().is_some() {
            break;
        }
        let m = b.legal_moves();
        let k = rng.random_range(0..m.count_ones() as usize);
        b.play(Squares(m).nth(k).unwrap());
    }
    println!("{}", b.to_notation());
    let mut e = Engine::new(EngineConfig::default());
    let r = e.search(&b, Limits::depth(depth), Evaluation::Full, true, &mut |p| {
        eprintln!("{p}")
    });
    println!("{r:?}");
}

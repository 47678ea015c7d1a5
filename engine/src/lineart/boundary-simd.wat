;; The boundary model's per-pixel arithmetic in WebAssembly SIMD, four pixels to a lane vector:
;; the features' log(1 + x) and the perceptron (mlp.ts), sixteen pixels to a step so each weight
;; is loaded once for four vectors of pixels. Compiled to boundary-simd-wasm.ts by
;; `node scripts/build-wasm.mjs`; boundary-simd.ts runs it, and the plain TypeScript loops stay as
;; the reference the tests compare it with.
;;
;; Memory for `run`, all f32 and 16-byte aligned, laid out by boundary-simd.ts:
;;   weights  hidden × count vectors, each weight repeated in four lanes (standardisation folded in)
;;   bias     hidden vectors, w2: hidden vectors
;;   planes   count planes of `stride` bytes each (pixels padded to a multiple of 16)
;;   out      one probability per pixel
(module
  (memory (export "memory") 1)

  ;; e^y for y in [-40, 40]: 2^k · 2^f with k = round(y·log2 e) and 2^f by its Taylor series to
  ;; the 7th power (|f| ≤ ½: relative error below 2e-8, under f32 rounding).
  (func $exp (param $y v128) (result v128)
    (local $t v128) (local $k v128) (local $f v128) (local $p v128)
    (local.set $t (f32x4.mul (local.get $y) (f32x4.splat (f32.const 1.4426950408889634))))
    (local.set $k (f32x4.nearest (local.get $t)))
    ;; f·ln 2, the argument of the series.
    (local.set $f (f32x4.mul (f32x4.sub (local.get $t) (local.get $k)) (f32x4.splat (f32.const 0.6931471805599453))))
    ;; Horner: 1 + f(1 + f/2(1 + f/3(1 + f/4(1 + f/5(1 + f/6(1 + f/7))))))
    (local.set $p (f32x4.add (f32x4.splat (f32.const 1)) (f32x4.mul (local.get $f) (f32x4.splat (f32.const 0.14285714285714285)))))
    (local.set $p (f32x4.add (f32x4.splat (f32.const 1)) (f32x4.mul (f32x4.mul (local.get $f) (f32x4.splat (f32.const 0.16666666666666666))) (local.get $p))))
    (local.set $p (f32x4.add (f32x4.splat (f32.const 1)) (f32x4.mul (f32x4.mul (local.get $f) (f32x4.splat (f32.const 0.2))) (local.get $p))))
    (local.set $p (f32x4.add (f32x4.splat (f32.const 1)) (f32x4.mul (f32x4.mul (local.get $f) (f32x4.splat (f32.const 0.25))) (local.get $p))))
    (local.set $p (f32x4.add (f32x4.splat (f32.const 1)) (f32x4.mul (f32x4.mul (local.get $f) (f32x4.splat (f32.const 0.3333333333333333))) (local.get $p))))
    (local.set $p (f32x4.add (f32x4.splat (f32.const 1)) (f32x4.mul (f32x4.mul (local.get $f) (f32x4.splat (f32.const 0.5))) (local.get $p))))
    (local.set $p (f32x4.add (f32x4.splat (f32.const 1)) (f32x4.mul (local.get $f) (local.get $p))))
    ;; 2^k from the exponent bits: (k + 127) << 23.
    (f32x4.mul
      (local.get $p)
      (i32x4.shl (i32x4.add (i32x4.trunc_sat_f32x4_s (local.get $k)) (i32x4.splat (i32.const 127))) (i32.const 23))))

  ;; tanh x = 1 − 2 / (e^{2x} + 1), x clamped to ±20 as mlp.ts does.
  (func $tanh (param $x v128) (result v128)
    (local.set $x (f32x4.min (f32x4.splat (f32.const 20)) (f32x4.max (f32x4.splat (f32.const -20)) (local.get $x))))
    (f32x4.sub
      (f32x4.splat (f32.const 1))
      (f32x4.div
        (f32x4.splat (f32.const 2))
        (f32x4.add (call $exp (f32x4.add (local.get $x) (local.get $x))) (f32x4.splat (f32.const 1))))))

  ;; Probabilities of `n` pixels (a multiple of 16) into `out`.
  (func (export "run")
    (param $n i32) (param $count i32) (param $hidden i32)
    (param $weights i32) (param $bias i32) (param $w2 i32) (param $b2 f32)
    (param $planes i32) (param $stride i32) (param $out i32)
    (local $p i32) (local $end i32) (local $u i32) (local $j i32)
    (local $pw i32) (local $pp i32) (local $w v128) (local $o v128)
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128)
    (local $z0 v128) (local $z1 v128) (local $z2 v128) (local $z3 v128)
    (local.set $end (i32.shl (local.get $n) (i32.const 2)))
    (local.set $p (i32.const 0))
    (block $done
      (loop $pixels
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $z0 (f32x4.splat (local.get $b2)))
        (local.set $z1 (local.get $z0))
        (local.set $z2 (local.get $z0))
        (local.set $z3 (local.get $z0))
        (local.set $pw (local.get $weights))
        (local.set $u (i32.const 0))
        (loop $units
          (local.set $a0 (v128.load (i32.add (local.get $bias) (i32.shl (local.get $u) (i32.const 4)))))
          (local.set $a1 (local.get $a0))
          (local.set $a2 (local.get $a0))
          (local.set $a3 (local.get $a0))
          (local.set $pp (i32.add (local.get $planes) (local.get $p)))
          (local.set $j (i32.const 0))
          (loop $features
            (local.set $w (v128.load (local.get $pw)))
            (local.set $a0 (f32x4.add (local.get $a0) (f32x4.mul (local.get $w) (v128.load offset=0 (local.get $pp)))))
            (local.set $a1 (f32x4.add (local.get $a1) (f32x4.mul (local.get $w) (v128.load offset=16 (local.get $pp)))))
            (local.set $a2 (f32x4.add (local.get $a2) (f32x4.mul (local.get $w) (v128.load offset=32 (local.get $pp)))))
            (local.set $a3 (f32x4.add (local.get $a3) (f32x4.mul (local.get $w) (v128.load offset=48 (local.get $pp)))))
            (local.set $pw (i32.add (local.get $pw) (i32.const 16)))
            (local.set $pp (i32.add (local.get $pp) (local.get $stride)))
            (local.set $j (i32.add (local.get $j) (i32.const 1)))
            (br_if $features (i32.lt_u (local.get $j) (local.get $count))))
          (local.set $o (v128.load (i32.add (local.get $w2) (i32.shl (local.get $u) (i32.const 4)))))
          (local.set $z0 (f32x4.add (local.get $z0) (f32x4.mul (local.get $o) (call $tanh (local.get $a0)))))
          (local.set $z1 (f32x4.add (local.get $z1) (f32x4.mul (local.get $o) (call $tanh (local.get $a1)))))
          (local.set $z2 (f32x4.add (local.get $z2) (f32x4.mul (local.get $o) (call $tanh (local.get $a2)))))
          (local.set $z3 (f32x4.add (local.get $z3) (f32x4.mul (local.get $o) (call $tanh (local.get $a3)))))
          (local.set $u (i32.add (local.get $u) (i32.const 1)))
          (br_if $units (i32.lt_u (local.get $u) (local.get $hidden))))
        ;; The logistic function as ½ + ½ tanh(z/2).
        (v128.store offset=0 (i32.add (local.get $out) (local.get $p)) (call $sigmoid (local.get $z0)))
        (v128.store offset=16 (i32.add (local.get $out) (local.get $p)) (call $sigmoid (local.get $z1)))
        (v128.store offset=32 (i32.add (local.get $out) (local.get $p)) (call $sigmoid (local.get $z2)))
        (v128.store offset=48 (i32.add (local.get $out) (local.get $p)) (call $sigmoid (local.get $z3)))
        (local.set $p (i32.add (local.get $p) (i32.const 64)))
        (br $pixels))))

  (func $sigmoid (param $z v128) (result v128)
    (f32x4.add
      (f32x4.splat (f32.const 0.5))
      (f32x4.mul (f32x4.splat (f32.const 0.5)) (call $tanh (f32x4.mul (local.get $z) (f32x4.splat (f32.const 0.5)))))))

  ;; log(1 + x) in place over `n` floats (a multiple of 4) at `at`: with y = 1 + x = m · 2^e and m
  ;; in [√½, √2), log y = e log 2 + 2 atanh s, s = (m − 1)/(m + 1), |s| ≤ 0.172, by its series to
  ;; s^9 (error below 4e-10, under f32 rounding).
  (func (export "log1p") (param $at i32) (param $n i32)
    (local $end i32) (local $y v128) (local $bits v128) (local $e v128) (local $m v128)
    (local $big v128) (local $s v128) (local $s2 v128) (local $series v128)
    (local.set $end (i32.add (local.get $at) (i32.shl (local.get $n) (i32.const 2))))
    (block $done
      (loop $values
        (br_if $done (i32.ge_u (local.get $at) (local.get $end)))
        (local.set $y (f32x4.add (v128.load (local.get $at)) (f32x4.splat (f32.const 1))))
        (local.set $bits (local.get $y))
        (local.set $e (i32x4.sub (i32x4.shr_s (local.get $bits) (i32.const 23)) (i32x4.splat (i32.const 127))))
        (local.set $m (v128.or (v128.and (local.get $bits) (i32x4.splat (i32.const 0x007fffff))) (i32x4.splat (i32.const 0x3f800000))))
        ;; m above √2: halve it and add one to e (the mask is −1 where true).
        (local.set $big (f32x4.gt (local.get $m) (f32x4.splat (f32.const 1.4142135623730951))))
        (local.set $m (v128.bitselect (f32x4.mul (local.get $m) (f32x4.splat (f32.const 0.5))) (local.get $m) (local.get $big)))
        (local.set $e (i32x4.sub (local.get $e) (local.get $big)))
        (local.set $s (f32x4.div (f32x4.sub (local.get $m) (f32x4.splat (f32.const 1))) (f32x4.add (local.get $m) (f32x4.splat (f32.const 1)))))
        (local.set $s2 (f32x4.mul (local.get $s) (local.get $s)))
        ;; 1 + s²/3 + s⁴/5 + s⁶/7 + s⁸/9, by Horner.
        (local.set $series (f32x4.add (f32x4.splat (f32.const 0.14285714285714285)) (f32x4.mul (local.get $s2) (f32x4.splat (f32.const 0.1111111111111111)))))
        (local.set $series (f32x4.add (f32x4.splat (f32.const 0.2)) (f32x4.mul (local.get $s2) (local.get $series))))
        (local.set $series (f32x4.add (f32x4.splat (f32.const 0.3333333333333333)) (f32x4.mul (local.get $s2) (local.get $series))))
        (local.set $series (f32x4.add (f32x4.splat (f32.const 1)) (f32x4.mul (local.get $s2) (local.get $series))))
        (v128.store
          (local.get $at)
          (f32x4.add
            (f32x4.mul (f32x4.convert_i32x4_s (local.get $e)) (f32x4.splat (f32.const 0.6931471805599453)))
            (f32x4.mul (f32x4.mul (f32x4.splat (f32.const 2)) (local.get $s)) (local.get $series))))
        (local.set $at (i32.add (local.get $at) (i32.const 16)))
        (br $values)))))
